import type { Context } from "hono";
import { AppError } from "../../errors";
import type { AppEnv } from "../../http/app-env";

/**
 * The console's page policy (docs/security.md "Console"): scripts and styles
 * only from this origin, never inline; API calls and the session WebSocket to
 * this origin only; no framing.
 */
const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * The API reference's policy: its renderer (bundled from npm, served from
 * /docs/) injects its theme as <style> elements, so styles need
 * 'unsafe-inline'; scripts still come only from this origin.
 */
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * /v1/docs: the page that loads the bundled renderer on /v1/openapi.json (prepared for readers by
 * /docs/reader.js), under a bar that links back to the console and takes the reader's API key.
 */
export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Session Analysis API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/docs/docs.css">
</head>
<body>
<header class="docs-bar">
<a href="/">← Back to the console</a>
<form id="docs-key">
<label for="docs-api-key">Your API key, for the examples</label>
<input id="docs-api-key" name="key" type="password" autocomplete="off" spellcheck="false" placeholder="sak_…">
<button type="submit">Use in examples</button>
<span id="docs-key-status" class="status" role="status"></span>
</form>
</header>
<div id="reference" data-openapi-url="/v1/openapi.json"></div>
<script src="/docs/scalar.js"></script>
<script src="/docs/reader.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

/**
 * Everything outside /v1 and the authorization server: the console's built
 * files (Workers Static Assets). A browser navigating to a console path that
 * is no file (/sessions/…) gets index.html and the single-page app's router
 * decides; any other unknown path stays the 404 envelope. The Worker runs
 * first so every page gets the same security headers as the API.
 */
export async function serveConsoleAsset(c: Context<AppEnv>): Promise<Response> {
  const notFound = () => new AppError("ROUTE_NOT_FOUND", { details: { method: c.req.method, path: c.req.path } });
  if (!c.env.ASSETS || (c.req.method !== "GET" && c.req.method !== "HEAD")) throw notFound();
  let asset = await c.env.ASSETS.fetch(c.req.raw);
  if (asset.status === 404) {
    const navigation = c.req.header("sec-fetch-mode") === "navigate" || /text\/html/.test(c.req.header("accept") ?? "");
    if (!navigation || c.req.path.includes(".")) throw notFound();
    asset = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url), { headers: c.req.raw.headers }));
  }
  const res = new Response(asset.body, asset);
  const hashed = c.req.path.startsWith("/assets/");
  res.headers.set("Content-Security-Policy", c.req.path.startsWith("/docs/") ? DOCS_CSP : CONSOLE_CSP);
  // Vite names built files by content hash: they never change. Pages are revalidated.
  res.headers.set("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
  return res;
}
