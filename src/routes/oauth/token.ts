import type { Hono } from "hono";
import { contextOf } from "../../context/request";
import { OAuthError } from "../../domain/identity/oauth/errors";
import { readForm } from "../../domain/identity/oauth/form";
import { OAUTH_PATHS } from "../../domain/identity/oauth/metadata";
import { tokenRequest } from "../../domain/identity/oauth/token-endpoint";
import type { AppEnv } from "../../http/app-env";
import { authThrottle } from "../../middleware/auth-throttle";
import { publicCors } from "./cors";
import { oauthEndpoint } from "./endpoint";
import { oauthErrorResponse, oauthJsonResponse } from "./responses";

/** POST /oauth2/token (RFC 6749 §3.2). */
/**
 * The token endpoint spends the same per-IP budget as /v1/auth/login
 * (failures cost more than successes); over it, RFC 6749-style JSON:
 * 429 `{"error":"slow_down"}` with Retry-After, never the /v1 envelope.
 */
const throttleTokenRequests = authThrottle(undefined, (retryAfter, headers) => {
  const res = oauthErrorResponse(
    new OAuthError("slow_down", `Too many token requests from this address: retry in ${retryAfter} seconds.`),
  );
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
});

export function mountToken(app: Hono<AppEnv>) {
  app.use(OAUTH_PATHS.token, publicCors);
  app.post(OAUTH_PATHS.token, throttleTokenRequests, (c) =>
    oauthEndpoint(c, async () =>
      oauthJsonResponse(
        await tokenRequest(contextOf(c), {
          authorization: c.req.header("authorization"),
          form: await readForm(c.req.raw),
        }),
      ),
    ),
  );
}
