import { describe, expect, it } from "vitest";
import { createApp, servedRoutes } from "../../src/app";
import { api } from "../support/http";
import { servedOpenApiDocument } from "../support/openapi";

/**
 * API9:2023 Improper Inventory Management.
 * Risks: forgotten, undocumented or debug endpoints reachable in production;
 * documentation that drifts from what is served.
 * Checks: every /v1 route served is in /v1/openapi.json and vice versa
 * (test/http/openapi.test.ts, "documents every route the app serves"); here,
 * additionally: the routes outside /v1 are exactly the authorization server's
 * and the console sign-in's known list; the benchmark endpoints (bench/worker, a separate wrangler
 * environment) are absent from the production worker and its document; every
 * documented operation declares its security (or is deliberately public).
 */
const PUBLIC_V1 = new Set([
  "POST /auth/register",
  "POST /auth/login",
  "POST /auth/ldap",
  "POST /auth/refresh",
  // The mailed single-use token is the credential (the link may be opened in any browser).
  "POST /auth/email/verify",
  // An email change's mailed link (single use, 60 minutes) is the credential.
  "POST /auth/email/change/confirm",
  // The MFA challenge (single use, given only to whoever presented the password) is the credential.
  "POST /auth/mfa/verify",
  // Passwordless sign-in: the passkey's signed assertion over a single-use challenge is the credential.
  "POST /auth/passkey/options",
  "POST /auth/passkey/login",
  // Answers alike whether or not the address has an account; the reset link's token is the credential.
  "POST /auth/password/forgot",
  "POST /auth/password/reset",
  "GET /billing/packages",
  // Called by Stripe: authenticated by its Stripe-Signature, not a credential of ours.
  "POST /billing/stripe/webhook",
]);
const OUTSIDE_V1 = [
  "GET /.well-known/jwks.json",
  "GET /.well-known/oauth-authorization-server",
  "GET /oauth/authorize",
  "GET /oauth2/authorize",
  "POST /oauth2/authorize",
  // Back from the IdP to the authorize page's "Sign in with SSO" (src/domain/identity/sso/browser-handoff.ts).
  "GET /oauth2/authorize/sso",
  "POST /oauth2/introspect",
  "POST /oauth2/revoke",
  "POST /oauth2/token",
  // The console's sign-in (cookies for the browser; docs/security.md "Console").
  "POST /console/session",
  "POST /console/session/refresh",
  "POST /console/session/mfa",
  "POST /console/session/passkey",
  "DELETE /console/session",
  "GET /console/session/sso",
  "GET /console/session/sso/finish",
  // The development mailbox (404 outside development: docs/decisions.md "Development mailbox").
  "GET /console/dev/mailbox",
  // The MCP server, its registry entry and its authorization (docs/mcp.md): protected resource metadata,
  // dynamic registration.
  "GET /mcp",
  "GET /mcp/server.json",
  "POST /mcp",
  "DELETE /mcp",
  "GET /.well-known/oauth-protected-resource",
  "GET /.well-known/oauth-protected-resource/mcp",
  "POST /oauth2/register",
];

describe("API9 improper inventory management", () => {
  it("the only routes outside /v1 are the authorization server's, the console sign-in's, SAML's and SCIM's", async () => {
    const outside = new Set<string>();
    for (const r of await servedRoutes(createApp())) {
      if (r.method === "ALL" || r.path.startsWith("/v1")) continue;
      outside.add(`${r.method} ${r.path}`);
    }
    // SAML's service provider and SCIM's (RFC 7644, per connection) are listed by their own tests.
    const unexpected = [...outside].filter((k) => !OUTSIDE_V1.includes(k) && !/\/saml|^\S+ \/scim\/v2\//.test(k));
    expect(unexpected).toEqual([]);
  });

  it("benchmark and debug endpoints do not exist on the production worker", async () => {
    for (const path of [
      "/__bench/noop",
      "/__bench/d1/users",
      "/bench",
      "/debug",
      "/v1/debug",
      "/v1/internal",
      "/admin",
      "/v1/openapi.yaml",
    ]) {
      const res = await api("GET", path);
      expect(res.status, path).toBe(404);
    }
    expect((await servedRoutes(createApp())).some((r) => r.path.includes("bench"))).toBe(false);
    const doc = await servedOpenApiDocument();
    expect(Object.keys(doc.paths).filter((p) => /bench|debug|internal/.test(p))).toEqual([]);
  });

  it("every documented operation declares its security, except the deliberately public ones", async () => {
    const doc = await servedOpenApiDocument();
    const open: string[] = [];
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      // The authorization server (own `servers`, outside /v1) is public by nature: the
      // client or the user authenticates inside the request.
      if (ops.servers) continue;
      for (const [method, op] of Object.entries<any>(ops)) {
        if (!op.security || op.security.length === 0) open.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(open.sort()).toEqual([...PUBLIC_V1].sort());
  });

  it("the document names the served version and one server", async () => {
    const doc = await servedOpenApiDocument();
    expect(doc.info.version).toBeTruthy();
    const res = await api("GET", "/v1/billing/packages");
    expect(res.headers.get("x-api-version")).toBeTruthy();
  });
});
