import type { Hono } from "hono";
import { contextOf } from "../../context/request";
import { readForm } from "../../domain/identity/oauth/form";
import { OAUTH_PATHS } from "../../domain/identity/oauth/metadata";
import { introspectToken } from "../../domain/identity/oauth/revocation";
import type { AppEnv } from "../../http/app-env";
import { oauthEndpoint } from "./endpoint";
import { oauthJsonResponse } from "./responses";

/** POST /oauth2/introspect (RFC 7662 §2). */
export function mountIntrospect(app: Hono<AppEnv>) {
  app.post(OAUTH_PATHS.introspect, (c) =>
    oauthEndpoint(c, async () =>
      oauthJsonResponse(
        await introspectToken(contextOf(c), {
          authorization: c.req.header("authorization"),
          form: await readForm(c.req.raw),
        }),
      ),
    ),
  );
}
