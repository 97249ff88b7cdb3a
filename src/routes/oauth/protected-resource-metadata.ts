import type { Hono } from "hono";
import { contextOf } from "../../context/request";
import { mcpResourceOf } from "../../domain/identity/access-tokens";
import type { Scope } from "../../domain/identity/scopes";
import type { AppEnv } from "../../http/app-env";

const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";

/** RFC 9728 §3.1: the metadata of a resource with a path sits at the well-known prefix followed by that path. */
export const protectedResourceMetadataUrl = (issuer: string) =>
  `${issuer.replace(/\/$/, "")}${PROTECTED_RESOURCE_PATH}/mcp`;

/** The scopes the MCP server's tools use (src/mcp/tools.ts; docs/scopes.md). */
const MCP_SCOPES: readonly Scope[] = [
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
 * GET /.well-known/oauth-protected-resource/mcp (RFC 9728 §3): the MCP server's document at its path variant,
 * and at the bare address for clients that try that first.
 */
export function mountProtectedResourceMetadata(app: Hono<AppEnv>) {
  for (const path of [`${PROTECTED_RESOURCE_PATH}/mcp`, PROTECTED_RESOURCE_PATH]) {
    app.get(path, (c) => {
      const configured = contextOf(c).config.issuer;
      const issuer = configured.replace(/\/$/, "");
      c.header("Cache-Control", "public, max-age=300");
      return c.json({
        resource: mcpResourceOf(configured),
        authorization_servers: [configured],
        scopes_supported: MCP_SCOPES,
        bearer_methods_supported: ["header"],
        resource_name: "Session Analysis Service (MCP)",
        resource_documentation: `${issuer}/v1/docs`,
      });
    });
  }
}
