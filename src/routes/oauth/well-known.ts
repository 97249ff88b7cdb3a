import type { Hono } from "hono";
import { authorizationServerMetadata, OAUTH_PATHS } from "../../domain/identity/oauth/metadata";
import { signingKeys } from "../../domain/identity/signing-keys";
import type { AppEnv } from "../../env";

/** RFC 8414 metadata and the JWKS (RFC 7517) that verifies our access tokens. Public and cacheable. */
export function mountWellKnown(app: Hono<AppEnv>) {
  app.get("/.well-known/oauth-authorization-server", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(authorizationServerMetadata(c.env.AUTH_ISSUER));
  });
  app.get(OAUTH_PATHS.jwks, async (c) => {
    const { publicJwks } = await signingKeys(c.env);
    // Only public members ever leave: no `d`, whatever the configured JWKs contained.
    const keys = publicJwks.map(({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, key_ops: _ops, ...pub }) => pub);
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ keys });
  });
}
