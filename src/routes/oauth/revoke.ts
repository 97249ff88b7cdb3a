import type { Hono } from "hono";
import { contextOf } from "../../context/request";
import { readForm } from "../../domain/identity/oauth/form";
import { OAUTH_PATHS } from "../../domain/identity/oauth/metadata";
import { revokeToken } from "../../domain/identity/oauth/revocation";
import type { AppEnv } from "../../http/app-env";
import { oauthEndpoint } from "./endpoint";

/** POST /oauth2/revoke (RFC 7009 §2): 200 with no body whether or not the token was known (§2.2). */
export function mountRevoke(app: Hono<AppEnv>) {
  app.post(OAUTH_PATHS.revoke, (c) =>
    oauthEndpoint(c, async () => {
      await revokeToken(contextOf(c), {
        authorization: c.req.header("authorization"),
        form: await readForm(c.req.raw),
      });
      return new Response(null, { status: 200, headers: { "Cache-Control": "no-store" } });
    }),
  );
}
