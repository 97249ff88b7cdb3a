import type { Hono } from "hono";
import { contextOf } from "../../context/request";
import { authorizationServerMetadata } from "../../domain/identity/oauth/metadata";
import type { AppEnv } from "../../http/app-env";

/** GET /.well-known/oauth-authorization-server (RFC 8414 §3). */
export function mountAuthorizationServerMetadata(app: Hono<AppEnv>) {
  app.get("/.well-known/oauth-authorization-server", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(authorizationServerMetadata(contextOf(c).config.issuer));
  });
}
