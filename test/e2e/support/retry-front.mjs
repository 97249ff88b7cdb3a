// A front for `wrangler dev` in the end-to-end tests that does for every method what wrangler's own
// dev proxy does for GET and HEAD: send again a request its proxy dropped.
//
// wrangler dev answers on a proxy worker (wrangler-dist/ProxyWorker.js) that forwards each request to
// the app's workerd over a pooled connection. When that forward throws (seen here under load, when a
// pooled connection the other side had already closed is reused), the proxy retries GET and HEAD
// itself and answers anything else `503 Retry-After: 0` "Your worker restarted mid-request", though
// nothing restarted and, in the case a debug log caught, the request had not reached the app. That
// answer is wrangler's, never the service's (its 503s are envelopes); a browser test that met one
// failed at random. So this front, in the test harness only, sends such a request again (up to 11
// times, waiting a little longer each time: about 3 s in all) and passes everything else through
// untouched: headers, cookies, streamed bodies and WebSocket upgrades. A request the app did act on
// cannot hide here: a second attempt would meet the service's own answer to a repeat (a used
// token, an idempotency replay), and the test would see it.
import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";

const DROPPED = "Your worker restarted mid-request.";
// Drops come in runs: after a quiet spell every pooled connection may be stale at once.
const ATTEMPTS = 12;

/** A free TCP port on `host`. */
export function freePort(host) {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, host, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * A body as text whatever its Content-Encoding: Miniflare compresses text answers as Cloudflare's
 * edge does for a client that accepts it (Chromium and undici both do), the proxy's drop answer too.
 */
function plainText(body, encoding) {
  try {
    if (encoding === "br") return zlib.brotliDecompressSync(body).toString();
    if (encoding === "gzip") return zlib.gunzipSync(body).toString();
    if (encoding === "deflate") return zlib.inflateSync(body).toString();
    return body.toString();
  } catch {
    return "";
  }
}

const readAll = async (stream) => {
  const chunks = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
};

/**
 * Listens on host:port and forwards to `inner` (wrangler's proxy); returns {close()}. `log` gets a
 * line for each request sent again or failed (by default the process's stderr). `options.headers` are
 * added to every request (e.g. a client address of its own, CF-Connecting-IP), and `options.onAnswer`
 * is told each answer's method, URL and status.
 */
export async function startRetryFront(
  inner,
  host,
  port,
  log = (line) => process.stderr.write(`${line}\n`),
  { headers: added = {}, onAnswer = () => undefined } = {},
) {
  const forward = (req, body) =>
    new Promise((resolve, reject) => {
      const out = http.request(
        // A connection of its own per request (no pool): the front must not meet the stale-connection
        // race it is here to absorb.
        {
          host: inner.hostname,
          port: inner.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, ...added },
          agent: false,
        },
        resolve,
      );
      out.on("error", reject);
      out.end(body);
    });

  // wrangler dev reads up to 64 KiB of request head before its own 431; Node's default is 16 KiB, so
  // without this a long query the app would answer (400, 422) met this front's 431 instead.
  const server = http.createServer({ maxHeaderSize: 64 * 1024 }, async (req, res) => {
    try {
      const body = await readAll(req);
      for (let attempt = 1; ; attempt++) {
        const answer = await forward(req, body);
        if (answer.statusCode === 503 && answer.headers["retry-after"] === "0" && attempt < ATTEMPTS) {
          const text = await readAll(answer);
          if (plainText(text, answer.headers["content-encoding"]).startsWith(DROPPED)) {
            log(`retry-front: ${req.method} ${req.url} dropped by wrangler's proxy, sent again`);
            await new Promise((r) => setTimeout(r, 50 * attempt));
            continue;
          }
          res.writeHead(503, answer.rawHeaders).end(text);
          return;
        }
        onAnswer(req.method, req.url, answer.statusCode);
        res.writeHead(answer.statusCode, answer.statusMessage, answer.rawHeaders);
        // `pipe` does not pass on an error: an answer cut off mid-body would leave the client waiting.
        answer.on("error", (err) => {
          log(`retry-front: ${req.method} ${req.url} answer cut off: ${err}`);
          res.destroy(err);
        });
        answer.pipe(res);
        return;
      }
    } catch (err) {
      // The browser then sees a network error; the test's output should say where it came from.
      log(`retry-front: ${req.method} ${req.url} failed on its way to wrangler: ${err}`);
      res.destroy(err);
    }
  });
  // A WebSocket upgrade goes through as bytes both ways.
  server.on("upgrade", (req, socket, head) => {
    const up = net.connect(Number(inner.port), inner.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      for (const [name, value] of Object.entries(added)) lines.push(`${name}: ${value}`);
      up.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) up.write(head);
      socket.pipe(up).pipe(socket);
    });
    const end = () => {
      socket.destroy();
      up.destroy();
    };
    up.on("error", end);
    socket.on("error", end);
    up.on("close", end);
    socket.on("close", end);
  });
  // The clients close their idle connections first (undici after 4 s; Chromium retries a request on a
  // reused connection that fails): the front never closes one under a request on its way.
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
