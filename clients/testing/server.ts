// A real `wrangler dev` for the client libraries' tests (Python's pytest, Go's go test, the
// TypeScript tarball check), started the way the e2e suite starts one (test/e2e/support/wrangler.ts:
// migrations applied to its own local state, a fresh signing key, 127.0.0.1 on a free port).
//
//   node --import tsx clients/testing/server.ts
//
// prints one line of JSON, {"url": "http://127.0.0.1:PORT"}, once the server answers, and stops the
// server (removing its state) when its standard input closes: the way to stop it, and what happens
// when the test process dies. SIGTERM and SIGINT end this process before a handler of ours could run
// (the wrangler module loaded here for the migrations exits on them), so on any exit the server's
// process group is killed as a last resort.
import { rmSync } from "node:fs";
import { startWrangler } from "../../test/e2e/support/wrangler";

// As the e2e suite's shared server (test/e2e/support/shared-server.ts): webhooks may target the
// loopback receiver, a session's stages come at a fiftieth of real time and webhook retries at a tenth.
const VARS = {
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  ANALYSIS_TIME_SCALE: "0.02",
  WEBHOOK_RETRY_SCALE: "0.1",
};

const server = await startWrangler({ vars: VARS });
process.on("exit", () => {
  const pid = server.pid();
  if (stopped || pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
  rmSync(server.persistDir, { recursive: true, force: true });
});
let stopped = false;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  stopped = true;
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
