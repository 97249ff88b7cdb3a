import type { Hono } from "hono";
import type { AppEnv } from "../../env";
import { oauthJsonResponse } from "../../domain/identity/oauth/errors";
import { readForm } from "../../domain/identity/oauth/form";
import { OAUTH_PATHS } from "../../domain/identity/oauth/metadata";
import { tokenRequest } from "../../domain/identity/oauth/token-endpoint";
import { introspectToken, revokeToken } from "../../domain/identity/oauth/revocation";
import { oauthEndpoint } from "./endpoint";

/** POST /oauth2/token (RFC 6749 §3.2), /oauth2/revoke (RFC 7009), /oauth2/introspect (RFC 7662). */
export function mountTokenEndpoints(app: Hono<AppEnv>) {
  app.post(OAUTH_PATHS.token, (c) =>
    oauthEndpoint(c, async () => oauthJsonResponse(await tokenRequest(c.env, c.req.header("authorization"), await readForm(c.req.raw)))),
  );
  app.post(OAUTH_PATHS.revoke, (c) =>
    oauthEndpoint(c, async () => {
      await revokeToken(c.env, c.req.header("authorization"), await readForm(c.req.raw));
      return new Response(null, { status: 200, headers: { "Cache-Control": "no-store" } });
    }),
  );
  app.post(OAUTH_PATHS.introspect, (c) =>
    oauthEndpoint(c, async () => oauthJsonResponse(await introspectToken(c.env, c.req.header("authorization"), await readForm(c.req.raw)))),
  );
}
