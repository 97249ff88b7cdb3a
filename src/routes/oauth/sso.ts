import type { Hono } from "hono";
import { contextOf } from "../../context/request";
import { OAUTH_PATHS } from "../../domain/identity/oauth/metadata";
import { consumeForHandoff, handoffOf } from "../../domain/identity/sso/browser-handoff";
import { consumeSamlResponse, samlLoginRedirect, samlSpMetadata } from "../../domain/identity/sso/flows";
import { AppError, invalidField } from "../../errors";
import type { AppEnv } from "../../http/app-env";
import { CONSOLE_SSO_FINISH_PATH } from "../../http/console-cookies";
import { ok } from "../../http/envelope-body";
import { countryOf } from "../../lib/request";
import { authResult } from "../auth/result";

/**
 * SAML 2.0 service provider at {auth_url}/saml/* (spec part 5; docs/sso.md):
 * - GET  /saml/login?connection=…|email=…|domain=…  → 302 to the IdP (HTTP-Redirect AuthnRequest)
 * - GET  /saml/metadata/{connection}                → our SP metadata for the customer's IdP
 * - POST /saml/acs/{connection}                     → the HTTP-POST binding's response; the same
 *   token result as /v1/auth/login, or, for "Sign in with SSO" on the authorize page (RelayState
 *   `oauth:<handle>`) or the console (`console:<handle>`), a 303 back to that page
 *   (src/domain/identity/sso/browser-handoff.ts). No cookie is involved: the request id waits
 *   server-side, so a cross-site POST from the IdP (where SameSite=Lax cookies are withheld) works.
 */
const CONNECTION_ID = /^sso_\d{1,30}$/;

export function mountSso(app: Hono<AppEnv>) {
  app.get("/saml/login", async (c) => {
    const q = c.req.query();
    if (q.connection !== undefined && !CONNECTION_ID.test(q.connection)) throw new AppError("RESOURCE_NOT_FOUND");
    const url = await samlLoginRedirect(contextOf(c), {
      by: { connection: q.connection, email: q.email, domain: q.domain },
      relayState: (q.relay_state ?? "").slice(0, 80),
    });
    c.header("Cache-Control", "no-store");
    return c.redirect(url, 302);
  });

  app.get("/saml/metadata/:connection", async (c) => {
    const id = c.req.param("connection");
    if (!CONNECTION_ID.test(id)) throw new AppError("RESOURCE_NOT_FOUND");
    return c.body(await samlSpMetadata(contextOf(c), { connectionId: id }), 200, {
      "Content-Type": "application/samlmetadata+xml",
    });
  });

  app.post("/saml/acs/:connection", async (c) => {
    const id = c.req.param("connection");
    if (!CONNECTION_ID.test(id)) throw new AppError("RESOURCE_NOT_FOUND");
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const samlResponse = form.SAMLResponse;
    if (typeof samlResponse !== "string" || samlResponse.length === 0 || samlResponse.length > 512_000) {
      throw new AppError("MISSING_REQUIRED_FIELD", { details: { field: "SAMLResponse", reason: "required" } });
    }
    // SAML 2.0 Bindings §3.5.3: "RelayState data MUST NOT exceed 80 bytes in length" (ours is ASCII;
    // counted in characters, as the document's maxLength is).
    if (typeof form.RelayState === "string" && [...form.RelayState].length > 80) {
      throw invalidField("RelayState", "at most 80 characters (SAML 2.0 Bindings §3.5.3)", "body");
    }
    const response = { connectionId: id, samlResponse, country: countryOf(c) };
    c.header("Cache-Control", "no-store");
    // A response to a sign-in page's "Sign in with SSO": back to that page (303 turns the POST into a GET).
    const handoff = handoffOf(typeof form.RelayState === "string" ? form.RelayState : "");
    if (handoff) {
      const { purpose, handle } = handoff;
      const { userId } = await consumeForHandoff(contextOf(c), { ...response, purpose, handle });
      const back = purpose === "oauth" ? `${OAUTH_PATHS.authorize}/sso` : CONSOLE_SSO_FINISH_PATH;
      return c.redirect(`${back}?${new URLSearchParams({ handle, user: userId })}`, 303);
    }
    const result = await consumeSamlResponse(contextOf(c), response);
    return c.json(ok({ ...authResult(result), organization_id: result.organizationId }, "Login successful"), 200);
  });
}
