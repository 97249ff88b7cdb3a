import type { Hono } from "hono";
import type { AppEnv } from "../../env";

/**
 * Enterprise SSO (spec part 5 names SAML at {auth_url}/saml/login and LDAP,
 * with no details). Not offered yet (docs/decisions.md): the address answers
 * a documented 501 instead of a 404, so integrators get a clear answer.
 */
export function mountSso(app: Hono<AppEnv>) {
  app.all("/saml/*", (c) =>
    c.json(
      {
        error: "sso_not_available",
        error_description:
          "SAML and LDAP single sign-on are not offered yet. Sign in with email and password on /oauth2/authorize, or use API keys for server-to-server access.",
        documentation: "/v1/docs",
      },
      501,
    ),
  );
}
