import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * A real HTTP webhook receiver on 127.0.0.1 for tests (pool and e2e).
 * POST /<bucket>/<mode> records the request under <bucket> and answers by mode:
 *   ok → 200 · status-<n> → n · redirect → 302 · slow-<ms> → 200 after <ms>
 * GET /__received/<bucket> → the recorded requests as JSON.
 */
export interface ReceivedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

export interface Receiver {
  url: string;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const buckets = new Map<string, ReceivedRequest[]>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const [, bucket = "", mode = "ok"] = (req.url ?? "/").split("?")[0]!.split("/");
    if (req.method === "GET" && bucket === "__received") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(buckets.get(mode) ?? []));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
    buckets.set(bucket, [
      ...(buckets.get(bucket) ?? []),
      { path: req.url ?? "", headers, body: Buffer.concat(chunks).toString("utf8"), receivedAt: Date.now() },
    ]);
    if (mode.startsWith("status-")) return void res.writeHead(Number(mode.slice(7))).end("nope");
    if (mode === "redirect") return void res.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" }).end();
    if (mode.startsWith("slow-")) await new Promise((r) => setTimeout(r, Math.min(Number(mode.slice(5)), 5000)));
    if (!res.destroyed) res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
