import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/app-env";

/**
 * CORS for the discovery documents and the token endpoint, which browser-based clients (an MCP client in a web page)
 * fetch cross-origin: any origin, no cookies (these endpoints never read any).
 */
export const publicCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  // A preflight (it carries Origin); a plain OPTIONS is answered with Allow by the app.
  if (c.req.method === "OPTIONS" && c.req.raw.headers.has("origin"))
    return new Response(null, {
      status: 204,
      headers: {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
        "Access-Control-Allow-Headers": "Authorization, Content-Type, Mcp-Protocol-Version",
        "Access-Control-Max-Age": "86400",
      },
    });
  await next();
  if (c.req.raw.headers.has("origin")) c.res.headers.set("Access-Control-Allow-Origin", "*");
};
