// A webhook receiver in its own process, so a test can kill it for real.
// PORT: where to listen (127.0.0.1 only). LOG: a JSON-lines file; every POST is
// appended (synchronously, so a record survives the process being killed)
// before it is answered. DIE_ON_REQUEST=n: on the n-th POST, record it and
// SIGKILL this process without answering (the sender sees the connection drop
// mid-request). Otherwise every POST gets 200.
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";

const port = Number(process.env.PORT);
const log = process.env.LOG;
const dieOn = Number(process.env.DIE_ON_REQUEST ?? "0");
let seen = 0;

const server = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  seen += 1;
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
  appendFileSync(
    log,
    `${JSON.stringify({
      pid: process.pid,
      n: seen,
      headers,
      body: Buffer.concat(chunks).toString("utf8"),
      at: Date.now(),
    })}\n`,
  );
  if (seen === dieOn) process.kill(process.pid, "SIGKILL");
  res.writeHead(200, { "content-type": "text/plain" }).end("ok");
});
server.listen(port, "127.0.0.1", () => process.stdout.write("listening\n"));
