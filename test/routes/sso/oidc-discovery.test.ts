import { describe, expect, inject, it } from "vitest";
import { sha256Base64url } from "../../../src/lib/crypto";
import { registerVerifiedUser } from "../../support/email";
import { PASSWORD, registerUser } from "../../support/factories";
import { api, BASE, workerFetch } from "../../support/http";
import { addMember, createOrganization } from "../../support/organizations";
import {
  oidcOrganization,
  OIDC_PROVIDER as PROVIDER,
  samlOrganization,
  storedOidcConnection,
  uniqueDomain,
} from "../../support/sso";

const keys = inject("samlKeys");

async function addDomain(owner: { token: string }, orgId: string, domain: string, verify: boolean) {
  const d = await api("POST", `/v1/organizations/${orgId}/sso/domains`, { token: owner.token, body: { domain } });
  expect(d.status).toBe(201);
  if (!verify) return;
  const v = await api("POST", `/v1/organizations/${orgId}/sso/domains/${d.body.data.id}/verify`, {
    token: owner.token,
  });
  expect(v.status).toBe(200);
}

/** The provider redirect as the browser receives it (not followed). */
const noFollow = (path: string) => workerFetch(new Request(`${BASE}${path}`, { redirect: "manual" }));

/** What a miss answers: the same for every way of missing, so nothing tells which domains exist. */
async function miss(path: string) {
  const res = await noFollow(path);
  const body = (await res.json()) as { error: { code: string; message: string } };
  return [res.status, body.error.code, body.error.message, res.headers.get("set-cookie")];
}

describe("OIDC sign-in discovery by email domain (GET /oidc/login?email=|domain=)", () => {
  it("finds the connection of the organization that verified the email's domain and starts its code flow with PKCE, state and nonce", async () => {
    const { connectionId, domain } = await oidcOrganization();
    for (const query of [`email=someone@${domain.toUpperCase()}`, `domain=${domain}`, `connection=${connectionId}`]) {
      const res = await noFollow(`/oidc/login?${query}`);
      expect([query, res.status]).toEqual([query, 302]);
      const to = new URL(res.headers.get("location") ?? "");
      expect(`${to.origin}${to.pathname}`).toBe(`${PROVIDER}/authorize`);
      const p = Object.fromEntries(to.searchParams);
      expect(p).toMatchObject({
        response_type: "code",
        client_id: "corp-client",
        redirect_uri: `${BASE}/oidc/callback`,
        scope: "openid email profile",
        code_challenge_method: "S256",
      });
      // The browser's cookie carries the connection, state, nonce and verifier (RFC 7636 §4.2: the
      // challenge is the verifier's S256 digest); the provider sees only the challenge.
      const cookie = /sas_oidc=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
      const [conn, state, nonce, verifier] = cookie.split(".");
      expect([conn, p.state, p.nonce]).toEqual([connectionId, state, nonce]);
      expect(p.code_challenge).toBe(await sha256Base64url(verifier ?? ""));
      expect(to.searchParams.toString()).not.toContain(verifier);
    }
  });

  it("finds nothing for an unverified, a foreign or an SAML-only domain, alike, and sets no cookie", async () => {
    // Another organization claims a domain but has not verified it: its OIDC connection is not found by it.
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    await storedOidcConnection(orgId);
    const unverified = uniqueDomain("unverified");
    await addDomain(owner, orgId, unverified, false);
    const saml = await samlOrganization(keys.idp.cert);
    const expected = [404, "RESOURCE_NOT_FOUND", "No single sign-on is configured for this domain.", null];
    expect(await miss(`/oidc/login?email=someone@${unverified}`)).toEqual(expected);
    expect(await miss(`/oidc/login?domain=${unverified}`)).toEqual(expected);
    expect(await miss(`/oidc/login?email=someone@${uniqueDomain("foreign")}`)).toEqual(expected);
    expect(await miss(`/oidc/login?email=someone@${saml.domain}`)).toEqual(expected);
    // An email with no domain, or a blank domain, is a miss like any other; SAML answers it the same way.
    for (const query of ["email=0000", "email=", "domain=%20", "email=someone@"]) {
      expect([query, ...(await miss(`/oidc/login?${query}`))]).toEqual([query, ...expected]);
      expect([query, ...(await miss(`/saml/login?${query}`))]).toEqual([query, ...expected]);
    }
    // Only a request that names nothing is incomplete.
    expect(await miss("/oidc/login")).toEqual([422, "MISSING_REQUIRED_FIELD", "A required field is missing.", null]);
    // A SAML connection's id is not an OIDC entry either.
    const byId = await noFollow(`/oidc/login?connection=${saml.connection.id}`);
    expect([byId.status, byId.headers.get("set-cookie")]).toEqual([404, null]);
  });

  it("enforced, refuses the domain's password sign-in and names the OIDC entry", async () => {
    const domain = uniqueDomain("enforced-oidc");
    const { owner, orgId } = await oidcOrganization(domain);
    const employee = await registerVerifiedUser({ email: `emp.${Date.now().toString(36)}@${domain}` });
    await addMember(owner, orgId, "member", employee);
    const before = await api("POST", "/v1/auth/login", { body: { email: employee.email, password: PASSWORD } });
    expect(before.status).toBe(200);

    const enforced = await storedOidcConnection(orgId, true);
    const refused = await api("POST", "/v1/auth/login", { body: { email: employee.email, password: PASSWORD } });
    expect([refused.status, refused.body.error.code, refused.body.data]).toEqual([403, "SSO_REQUIRED", undefined]);
    expect(refused.body.error.details).toMatchObject({
      kind: "oidc",
      connection: enforced,
      sign_in: `${BASE}/oidc/login?connection=${enforced}`,
    });
    // Nor can anyone pre-register an address of the domain with a password.
    const register = await api("POST", "/v1/auth/register", {
      body: {
        email: `newcomer.${Date.now().toString(36)}@${domain}`,
        username: "newcomer",
        password: PASSWORD,
        tier: "basic",
        marketing_consent: false,
      },
    });
    expect([register.status, register.body.error.code]).toEqual([403, "SSO_REQUIRED"]);
    // A wrong password still fails as any wrong password does: the refusal tells nothing without it.
    const wrong = await api("POST", "/v1/auth/login", {
      body: { email: employee.email, password: "not-the-password" },
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([401, "INVALID_CREDENTIALS"]);
  });

  it("the console's Sign in with SSO finds the OIDC connection too, its hand-off bound to the browser", async () => {
    const { connectionId, domain } = await oidcOrganization();
    const res = await noFollow(`/console/session/sso?${new URLSearchParams({ login: `someone@${domain}` })}`);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location") ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${PROVIDER}/authorize`);
    const cookies = res.headers.getSetCookie();
    const consoleCookie = /^sas_console_sso=([^;]+)/.exec(cookies.find((c) => c.startsWith("sas_console_sso=")) ?? "");
    const oidcCookie = /^sas_oidc=([^;]+)/.exec(cookies.find((c) => c.startsWith("sas_oidc=")) ?? "");
    const [handle, consoleConnection] = (consoleCookie?.[1] ?? "").split(".");
    expect(consoleConnection).toBe(connectionId);
    // The callback's cookie names the page to go back to, with the same handle; the provider sees neither.
    const [conn, state, , , back] = decodeURIComponent(oidcCookie?.[1] ?? "").split(".");
    expect([conn, to.searchParams.get("state"), back]).toEqual([connectionId, state, `console:${handle}`]);
    expect(to.toString()).not.toContain(handle);
    expect(cookies.find((c) => c.startsWith("sas_oidc="))).toMatch(/Path=\/oidc\/.*HttpOnly.*SameSite=Lax/);

    // An unverified or unknown domain finds nothing there either: back to the sign-in page, no cookie.
    const none = await noFollow(
      `/console/session/sso?${new URLSearchParams({ login: `x@${uniqueDomain("nobody")}` })}`,
    );
    expect([none.status, none.headers.get("location"), none.headers.getSetCookie()]).toEqual([
      303,
      "/signin?sso_error=not_configured",
      [],
    ]);
  });
});
