import type { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { mountAuthorizationServerMetadata } from "./authorization-server-metadata";
import { publicCors } from "./cors";
import { mountJwks } from "./jwks";
import { mountProtectedResourceMetadata } from "./protected-resource-metadata";

/** The MCP server's protected resource metadata address (its WWW-Authenticate names it, RFC 9728 §5.1). */
export { protectedResourceMetadataUrl } from "./protected-resource-metadata";

/** RFC 8414 metadata, RFC 9728 protected resource metadata and the JWKS (RFC 7517). Public and cacheable. */
export function mountWellKnown(app: Hono<AppEnv>) {
  app.use("/.well-known/*", publicCors);
  mountAuthorizationServerMetadata(app);
  mountProtectedResourceMetadata(app);
  mountJwks(app);
}
