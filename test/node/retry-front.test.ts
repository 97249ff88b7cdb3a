import http from "node:http";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, startRetryFront } from "../e2e/support/retry-front.mjs";

/**
 * The e2e suite's front before `wrangler dev` (test/e2e/support/retry-front.mjs): it resends what
 * wrangler's proxy dropped, and only that. The upstream here plays the proxy: a number of drop
 * answers, compressed as Miniflare compresses them for a browser, then the app's answer.
 */
const DROP = "Your worker restarted mid-request. Please try sending the request again.";

async function upstream(answers: ((res: http.ServerResponse) => void)[]) {
  const seen: { method: string; body: string }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    seen.push({ method: req.method!, body: Buffer.concat(chunks).toString() });
    const answer = answers[seen.length - 1] ?? ((r: http.ServerResponse) => r.end("the app's answer"));
    answer(res);
  });
  const port = await freePort("127.0.0.1");
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return { url: new URL(`http://127.0.0.1:${port}`), seen, close: () => server.close() };
}

const dropped = (encoding: "br" | "gzip" | undefined) => (res: http.ServerResponse) => {
  const body =
    encoding === "br" ? zlib.brotliCompressSync(DROP) : encoding === "gzip" ? zlib.gzipSync(DROP) : Buffer.from(DROP);
  res.writeHead(503, {
    "Retry-After": "0",
    "Content-Type": "text/plain;charset=UTF-8",
    ...(encoding ? { "Content-Encoding": encoding } : {}),
  });
  res.end(body);
};

describe("the e2e suite's retrying front", () => {
  const cleanUp: (() => unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanUp.splice(0)) await c();
  });

  async function through(answers: ((res: http.ServerResponse) => void)[]) {
    const up = await upstream(answers);
    const port = await freePort("127.0.0.1");
    const logged: string[] = [];
    const front = await startRetryFront(up.url, "127.0.0.1", port, (line) => logged.push(line));
    cleanUp.push(() => front.close(), up.close);
    const res = await fetch(`http://127.0.0.1:${port}/v1/things`, {
      method: "POST",
      body: '{"a":1}',
      headers: { "Content-Type": "application/json", "Accept-Encoding": "br, gzip" },
    });
    // An answer cut off mid-body reaches the client as a failed read (undefined here), never a wait.
    const text = await res.text().then(
      (t) => t,
      () => undefined,
    );
    return { status: res.status, text, seen: up.seen, logged };
  }

  it("sends a dropped POST again, the same body each time, however the drop answer is encoded", async () => {
    const { status, text, seen, logged } = await through([dropped("br"), dropped("gzip"), dropped(undefined)]);
    expect(status).toBe(200);
    expect(text).toBe("the app's answer");
    expect(seen).toEqual(Array(4).fill({ method: "POST", body: '{"a":1}' }));
    expect(logged).toEqual(Array(3).fill("retry-front: POST /v1/things dropped by wrangler's proxy, sent again"));
  });

  it("passes the app's own 503 through once, untouched", async () => {
    const envelope = '{"success":false,"error":{"code":"SERVICE_UNAVAILABLE"}}';
    const { status, text, seen, logged } = await through([
      (res) => res.writeHead(503, { "Retry-After": "0", "Content-Type": "application/json" }).end(envelope),
    ]);
    expect(status).toBe(503);
    expect(text).toBe(envelope);
    expect(seen).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it("ends the client's connection when the app's answer is cut off mid-body, and says so", async () => {
    const { status, text, seen, logged } = await through([
      (res) => {
        res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
        res.write('{"data":');
        setTimeout(() => res.socket?.destroy(), 50);
      },
    ]);
    expect(status).toBe(200);
    expect(text).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(logged).toEqual([expect.stringMatching(/^retry-front: POST \/v1\/things answer cut off: /)]);
  });
});
