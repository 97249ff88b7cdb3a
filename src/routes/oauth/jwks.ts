import type { Hono } from "hono";
import { contextOf } from "../../context/request";
import { OAUTH_PATHS } from "../../domain/identity/oauth/metadata";
import { signingKeys } from "../../domain/identity/signing-keys";
import type { AppEnv } from "../../http/app-env";

/** GET the JWKS (RFC 7517 §5): the public keys that verify our tokens. */
export function mountJwks(app: Hono<AppEnv>) {
  app.get(OAUTH_PATHS.jwks, async (c) => {
    const { publicJwks } = await signingKeys(contextOf(c).config);
    // Only public members ever leave: no `d`, whatever the configured JWKs contained.
    const keys = publicJwks.map(({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, key_ops: _ops, ...pub }) => pub);
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ keys });
  });
}
