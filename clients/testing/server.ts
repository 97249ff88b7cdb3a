// A real `wrangler dev` for the client libraries' tests (Python's pytest, Go's go test, the
// TypeScript tarball check), started the way the e2e suite starts one (test/e2e/support/wrangler.ts:
// migrations applied to its own local state, a fresh signing key, 127.0.0.1 on a free port).
//
//   node --import tsx clients/testing/server.ts
//
// prints one line of JSON, {"url": "http://127.0.0.1:PORT"}, once the server answers, and stops the
// server (removing its state) on SIGTERM, SIGINT or when its standard input closes, so a test
// process that dies without cleaning up does not leave a server behind.
import { startWrangler } from "../../test/e2e/support/wrangler";

// As the e2e suite's shared server (test/e2e/support/shared-server.ts): webhooks may target the
// loopback receiver, a session's stages come at a fiftieth of real time and webhook retries at a tenth.
const VARS = {
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  ANALYSIS_TIME_SCALE: "0.02",
  WEBHOOK_RETRY_SCALE: "0.1",
};

const server = await startWrangler({ vars: VARS });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
