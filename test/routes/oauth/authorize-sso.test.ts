import { describe, expect, inject, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { authorizePath, Browser, createClient, pkcePair, REDIRECT } from "../../support/oauth";
import { addMember } from "../../support/organizations";
import {
  enforceSso,
  OIDC_PROVIDER,
  oidcOrganization,
  postAcs,
  samlOrganization,
  idpAnswer as signedAnswer,
} from "../../support/sso";

const keys = inject("samlKeys");
const idpAnswer = (idpUrl: string, connection: { sp: { entityId: string; acsUrl: string } }, email: string) =>
  signedAnswer(idpUrl, connection, email, keys.idp);
let n = 0;
const freshDomain = () => `corp${Date.now().toString(36)}${n++}.example.org`;

/** An authorization request of a client of its own (PKCE). */
async function authorizeParams() {
  const client = await createClient((await registerUser()).token);
  const { challenge } = await pkcePair();
  return {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    scope: "profile",
    state: "st-sso",
    code_challenge: challenge,
    code_challenge_method: "S256",
  };
}

async function setup() {
  const domain = freshDomain();
  const org = await samlOrganization(keys.idp.cert, domain);
  return { ...org, domain, params: await authorizeParams() };
}

/** The authorize page's "Sign in with SSO" form, submitted; the IdP URL its page moves on to. */
async function startSso(browser: Browser, params: Record<string, string>, login: string) {
  const page = await browser.request("GET", authorizePath(params));
  const ssoForm = page.text.slice(page.text.indexOf('<form method="post" action="/oauth2/authorize" id="sso">'));
  const res = await browser.request("POST", "/oauth2/authorize", {
    ...Browser.hiddenFields(ssoForm),
    sso_login: login,
  });
  const idpUrl = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(res.text)?.[1]?.replace(/&amp;/g, "&");
  return { res, idpUrl };
}

describe("Sign in with SSO on the authorize page", () => {
  it("goes to the IdP with the OAuth request kept and comes back signed in, at consent", async () => {
    const { connection, domain, params, orgId, owner } = await setup();
    const browser = new Browser();
    const { res, idpUrl } = await startSso(browser, params, `someone@${domain}`);
    expect(res.status).toBe(200);
    expect(idpUrl?.startsWith("https://idp.test/sso?SAMLRequest=")).toBe(true);
    expect(new URL(idpUrl!).searchParams.get("RelayState")).toMatch(/^oauth:[A-Za-z0-9_-]{43}$/);
    expect(res.headers.getSetCookie().join("\n")).toMatch(/sas_authz_sso=.*Path=\/oauth2\/authorize.*HttpOnly/);

    const email = `carol@${domain}`;
    const acs = await postAcs(connection.id, await idpAnswer(idpUrl!, connection, email));
    expect([acs.status, acs.text]).toEqual([303, ""]);
    const handoff = new URL(acs.headers.get("location")!, "https://x.invalid");
    expect(handoff.pathname).toBe("/oauth2/authorize/sso");

    const back = await browser.request("GET", `${handoff.pathname}${handoff.search}`);
    expect(back.status).toBe(303);
    expect(back.location).toBe(authorizePath(params));
    const consent = await browser.request("GET", back.location!);
    expect(consent.status).toBe(200);
    expect(consent.text).toContain(`Signed in as <strong>${email}</strong>`);
    const approved = await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(consent.text),
      action: "approve",
    });
    const redirect = new URL(approved.location!);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get("code")).toBeTruthy();
    expect(redirect.searchParams.get("state")).toBe("st-sso");

    // Provisioned just in time into the organization with the mapped role.
    const members = (await api("GET", `/v1/organizations/${orgId}/members`, { token: owner.token })).body.data.members;
    expect(members.find((m: { email?: string }) => m.email === email)?.role).toBe("admin");
    // The hand-off was one-time.
    expect((await browser.request("GET", `${handoff.pathname}${handoff.search}`)).status).toBe(400);
  });

  it("signs in only the browser that started it (no login CSRF) and only for a RelayState it issued", async () => {
    const { connection, domain, params, orgId, owner } = await setup();
    const started = await startSso(new Browser(), params, domain);
    const acs = await postAcs(connection.id, await idpAnswer(started.idpUrl!, connection, `mallory@${domain}`));
    expect(acs.status).toBe(303);
    // A victim's browser sent to the attacker's hand-off: refused, not signed in as the attacker.
    const victim = new Browser();
    await victim.request("GET", authorizePath(params));
    const lured = await victim.request("GET", acs.headers.get("location")!);
    expect(lured.status).toBe(400);
    expect(lured.headers.getSetCookie().join("\n")).not.toContain("sas_authz_session=ey");

    // A response whose RelayState names no pending sign-in provisions nobody.
    const other = await startSso(new Browser(), params, domain);
    const forged = await idpAnswer(other.idpUrl!, connection, `trudy@${domain}`);
    const refused = await postAcs(connection.id, { ...forged, RelayState: `oauth:${"A".repeat(43)}` });
    expect([refused.status, refused.body.error.code]).toEqual([401, "SAML_RESPONSE_INVALID"]);
    const members = (await api("GET", `/v1/organizations/${orgId}/members`, { token: owner.token })).body.data.members;
    expect(members.map((m: { email?: string }) => m.email)).not.toContain(`trudy@${domain}`);
  });

  it("reaches the OIDC connection where the domain has only OIDC, the hand-off riding in the pending OIDC cookie", async () => {
    const { connectionId, domain } = await oidcOrganization(freshDomain());
    const params = await authorizeParams();
    const browser = new Browser();
    const { res, idpUrl } = await startSso(browser, params, `someone@${domain}`);
    expect(res.status, res.text).toBe(200);
    const to = new URL(idpUrl!);
    expect(`${to.origin}${to.pathname}`).toBe(`${OIDC_PROVIDER}/authorize`);
    expect(to.searchParams.get("client_id")).toBe("corp-client");
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    const cookies = res.headers.getSetCookie();
    const page = /^sas_authz_sso=([^;]+)/.exec(cookies.find((c) => c.startsWith("sas_authz_sso=")) ?? "");
    const oidc = /^sas_oidc=([^;]+)/.exec(cookies.find((c) => c.startsWith("sas_oidc=")) ?? "");
    const [handle, pageConnection] = decodeURIComponent(page?.[1] ?? "").split(".");
    expect(pageConnection).toBe(connectionId);
    // The callback's cookie names the authorize page's hand-off (not the console's), with the same handle.
    const [conn, state, , , back] = decodeURIComponent(oidc?.[1] ?? "").split(".");
    expect([conn, to.searchParams.get("state"), back]).toEqual([connectionId, state, `oauth:${handle}`]);
    expect(to.toString()).not.toContain(handle);
    expect(cookies.find((c) => c.startsWith("sas_oidc="))).toMatch(/Path=\/oidc\/.*HttpOnly.*SameSite=Lax/);
  });

  it("says so when no connection serves the email or domain, keeping the request", async () => {
    const { params } = await setup();
    const { res, idpUrl } = await startSso(new Browser(), params, `x@${freshDomain()}`);
    expect(res.status).toBe(400);
    expect(idpUrl).toBeUndefined();
    expect(res.text).toContain("No single sign-on is configured for this email or domain.");
    expect(Browser.hiddenFields(res.text).client_id).toBe(params.client_id);
  });

  it("refuses the password form where the organization enforces SSO, pointing at the SSO form", async () => {
    const { owner, orgId, domain, params } = await setup();
    const employee = await registerUser({ email: `emp${n++}@${domain}` });
    await addMember(owner, orgId, "member", employee);
    await enforceSso(owner, orgId, keys.idp.cert);
    const browser = new Browser();
    const page = await browser.request("GET", authorizePath(params));
    const res = await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(page.text),
      email: employee.email,
      password: PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.text).toContain("requires single sign-on");
    expect(res.headers.getSetCookie().join("\n")).not.toContain("sas_authz_session=ey");
  });
});
