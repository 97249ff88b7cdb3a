import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { OAuthError } from "../../domain/identity/oauth/errors";
import type { AppEnv } from "../../http/app-env";
import { authorizeRoutes } from "./authorize";
import { mountIntrospect } from "./introspect";
import { mountOidc } from "./oidc";
import { mountRegistration } from "./register";
import { oauthErrorResponse } from "./responses";
import { mountRevoke } from "./revoke";
import { mountSso } from "./sso";
import { mountToken } from "./token";
import { mountWellKnown } from "./well-known";

/** The authorization server, at the service's origin (outside /v1): {auth_url} of the spec. */
export function authorizationServerRoutes() {
  const app = new Hono<AppEnv>();
  app.use(
    "/oauth2/*",
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => oauthErrorResponse(new OAuthError("invalid_request", "The request body is too large.")),
    }),
  );
  app.route("/", authorizeRoutes());
  mountToken(app);
  mountRevoke(app);
  mountIntrospect(app);
  mountRegistration(app);
  mountWellKnown(app);
  mountSso(app);
  mountOidc(app);
  return app;
}
