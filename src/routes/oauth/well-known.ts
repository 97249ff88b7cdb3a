import type { Hono, MiddlewareHandler } from "hono";
import { configOf } from "../../context/config";
import { mcpResourceOf } from "../../domain/identity/access-tokens";
import { authorizationServerMetadata, OAUTH_PATHS } from "../../domain/identity/oauth/metadata";
import type { Scope } from "../../domain/identity/scopes";
import { signingKeys } from "../../domain/identity/signing-keys";
import type { AppEnv } from "../../env";

const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";

/** RFC 9728 §3.1: the metadata of a resource with a path sits at the well-known prefix followed by that path. */
export const protectedResourceMetadataUrl = (issuer: string) =>
  `${issuer.replace(/\/$/, "")}${PROTECTED_RESOURCE_PATH}/mcp`;

/** The scopes the MCP server's tools use (src/mcp/tools.ts; docs/scopes.md). */
export const MCP_SCOPES: readonly Scope[] = [
  "remote-viewing:read",
  "remote-viewing:write",
  "remote-viewing:delete",
  "dowsing:read",
  "dowsing:write",
  "dowsing:delete",
  "analytics:read",
  "profile",
];

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

/** RFC 8414 metadata, RFC 9728 protected resource metadata and the JWKS (RFC 7517). Public and cacheable. */
export function mountWellKnown(app: Hono<AppEnv>) {
  app.use("/.well-known/*", publicCors);
  app.get("/.well-known/oauth-authorization-server", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(authorizationServerMetadata(c.env.AUTH_ISSUER));
  });
  // The MCP server's document at its path variant, and at the bare address for clients that try that first.
  for (const path of [`${PROTECTED_RESOURCE_PATH}/mcp`, PROTECTED_RESOURCE_PATH]) {
    app.get(path, (c) => {
      const issuer = c.env.AUTH_ISSUER.replace(/\/$/, "");
      c.header("Cache-Control", "public, max-age=300");
      return c.json({
        resource: mcpResourceOf(c.env.AUTH_ISSUER),
        authorization_servers: [c.env.AUTH_ISSUER],
        scopes_supported: MCP_SCOPES,
        bearer_methods_supported: ["header"],
        resource_name: "Session Analysis Service (MCP)",
        resource_documentation: `${issuer}/v1/docs`,
      });
    });
  }
  app.get(OAUTH_PATHS.jwks, async (c) => {
    const { publicJwks } = await signingKeys(configOf(c.env));
    // Only public members ever leave: no `d`, whatever the configured JWKs contained.
    const keys = publicJwks.map(({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, key_ops: _ops, ...pub }) => pub);
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ keys });
  });
}
