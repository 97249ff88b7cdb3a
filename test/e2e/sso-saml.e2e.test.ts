import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDP_USERS, type IdpUser, type SamlIdp, startSamlIdp } from "../node/saml-idp-server";
import { generateKeyPair } from "../node/sso-keys";
import { apiClient, dataOf } from "./support/api";
import { launchChromium } from "./support/browser";
import { sharedServer } from "./support/shared-server";

// SAML sign-on end to end: Chromium goes from our /saml/login to SimpleSAMLphp's real login form,
// and SimpleSAMLphp's signed response is posted back to the ACS of the shared `wrangler dev`, which
// marks email domains verified without DNS (SSO_DOMAIN_VERIFICATION=skip; the TXT flow is tested in
// test/routes/sso).
describe("SAML sign-on against wrangler dev and SimpleSAMLphp", () => {
  const server = sharedServer();
  let idp: SamlIdp;
  let browser: { context: BrowserContext; close(): Promise<void> };
  const api = apiClient(() => server.url);
  /** The organization of the first test, holding idp.example.test. */
  let federated: { owner: string; orgId: string } | undefined;

  beforeAll(async () => {
    const started = await Promise.allSettled([startSamlIdp(), launchChromium()]);
    if (started[0].status === "fulfilled") idp = started[0].value;
    if (started[1].status === "fulfilled") browser = started[1].value;
    for (const s of started) if (s.status === "rejected") throw s.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.stop();
  });

  async function organizationWithIdp(saml: Record<string, unknown>) {
    const owner = await api.register("saml-owner");
    const orgId = dataOf(await api.call("POST", "/v1/organizations", owner, { name: "Federated Co" })).id as string;
    const connection = dataOf(
      await api.call("POST", `/v1/organizations/${orgId}/sso/connections`, owner, {
        kind: "saml",
        name: "SimpleSAMLphp",
        ...saml,
      }),
    ) as { id: string; sp: { entityId: string; acsUrl: string } };
    idp.addServiceProvider(connection.sp.entityId, connection.sp.acsUrl);
    return { owner, orgId, connection };
  }

  /** Our /saml/login → the IdP's form, filled and submitted → the IdP's POST to our ACS; the ACS's answer. */
  async function signInAtIdp(page: Page, connectionId: string, user: IdpUser) {
    await page.goto(`${server.url}/saml/login?connection=${connectionId}`);
    expect(page.url().startsWith(`${idp.baseUrl}/`)).toBe(true);
    await page.fill('input[name="username"]', user.username);
    await page.fill('input[name="password"]', user.password);
    const acs = page.waitForResponse(
      (r) => r.url().startsWith(`${server.url}/saml/acs/`) && r.request().method() === "POST",
    );
    await page.click('button[type="submit"], input[type="submit"]');
    const response = await acs;
    return { status: response.status(), body: await response.json() };
  }

  /**
   * A page's "Sign in with SSO" form (the authorize page's or the console's): the work email, the
   * IdP's own login form, then back to us until `landed` holds for the URL.
   */
  async function ssoFromEmailForm(page: Page, user: IdpUser, landed: (url: URL) => boolean) {
    await page.fill('input[name="sso_login"]', user.email);
    await Promise.all([
      page.waitForURL((u) => u.toString().startsWith(`${idp.baseUrl}/`)),
      page.click("#sso button[type=submit]"),
    ]);
    await page.fill('input[name="username"]', user.username);
    await page.fill('input[name="password"]', user.password);
    await Promise.all([page.waitForURL(landed), page.click('button[type="submit"], input[type="submit"]')]);
  }

  const membersOf = async (owner: string, orgId: string) =>
    dataOf(await api.call("GET", `/v1/organizations/${orgId}/members`, owner)).members as Array<{
      user_id: string;
      role: string;
    }>;

  it("signs in through the IdP's login form, just in time, with the group-mapped role and a working token", async () => {
    // The connection is configured the way an admin would: by importing the IdP's own metadata.
    const metadataXml = await (await fetch(idp.metadataUrl)).text();
    const { owner, orgId, connection } = await organizationWithIdp({
      metadata_xml: metadataXml,
      saml: { groups_attribute: "groups", group_roles: { admins: "admin", staff: "member" } },
    });
    // The IdP's people are at idp.example.test: the organization verifies it (one organization at a
    // time holds a domain; the later tests sign in through this one).
    const domain = dataOf(
      await api.call("POST", `/v1/organizations/${orgId}/sso/domains`, owner, { domain: "idp.example.test" }),
    );
    dataOf(await api.call("POST", `/v1/organizations/${orgId}/sso/domains/${domain.id}/verify`, owner));
    federated = { owner, orgId };
    const page = await browser.context.newPage();
    const carol = IDP_USERS.carol!;
    const result = await signInAtIdp(page, connection.id, carol);
    await page.close();
    expect([result.status, result.body.error?.details]).toEqual([200, undefined]);
    expect(result.body.data.organization_id).toBe(orgId);

    const me = dataOf(await api.call("GET", "/v1/users/me", result.body.data.token));
    expect(me.email).toBe(carol.email);
    const member = (await membersOf(owner, orgId)).find((m) => m.user_id === result.body.data.user.id);
    expect(member?.role).toBe("admin");
  });

  it("refuses the IdP's response when the connection trusts another certificate, provisioning nothing", async () => {
    const { owner, orgId, connection } = await organizationWithIdp({
      saml: {
        idp_entity_id: idp.entityId,
        sso_url: idp.ssoUrl,
        certificates: [generateKeyPair("not-the-idp.test").cert],
      },
    });
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const dave = IDP_USERS.dave!;
    const result = await signInAtIdp(page, connection.id, dave);
    await page.close();
    expect([result.status, result.body.error.code]).toEqual([401, "SAML_RESPONSE_INVALID"]);
    expect(result.body.error.details.reason).toMatch(/signature|certificate/i);
    expect((await membersOf(owner, orgId)).length).toBe(1);
    // No account was created for the email either: it is still free to register.
    const register = await api.call("POST", "/v1/auth/register", undefined, {
      email: dave.email,
      username: dave.username,
      password: "correct-horse-42",
      tier: "basic",
      marketing_consent: false,
    });
    expect(register.status).toBe(201);
  });

  it("signs in with SSO from the OAuth authorize page and comes back to its consent step", async () => {
    // The first test's organization holds idp.example.test: "Sign in with SSO" finds its connection.
    const { owner, orgId } = federated!;
    const client = dataOf(
      await api.call("POST", "/v1/oauth/clients", owner, {
        name: "SSO Test App",
        client_type: "public",
        redirect_uris: ["http://127.0.0.1:9/callback"],
        grant_types: ["authorization_code"],
        scopes: ["profile"],
      }),
    );
    const authorize = new URL("/oauth2/authorize", server.url);
    authorize.search = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: "http://127.0.0.1:9/callback",
      scope: "profile",
      state: "sso-e2e",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    }).toString();

    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const carol = IDP_USERS.carol!;
    await page.goto(authorize.toString());
    await ssoFromEmailForm(page, carol, (u) => u.toString().startsWith(`${server.url}/oauth2/authorize?`));
    expect(await page.locator("h1").textContent()).toBe("SSO Test App wants to access your account");
    expect(await page.locator("main").textContent()).toContain(`Signed in as ${carol.email}`);
    expect(new URL(page.url()).searchParams.get("state")).toBe("sso-e2e");
    await page.close();
    // Carol's account (from the first test), linked by (connection, subject), is still its admin.
    expect((await membersOf(owner, orgId)).map((m) => m.role).sort()).toEqual(["admin", "owner"]);
  });
  it("signs in with SSO from the console's sign-in page and lands on the dashboard", async () => {
    // The previous test's organization verified idp.example.test, so Carol's email finds its connection.
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const carol = IDP_USERS.carol!;
    await page.goto(`${server.url}/signin`);
    await page.getByRole("heading", { name: "Sign in to the console" }).waitFor();
    await ssoFromEmailForm(page, carol, (u) => u.toString() === `${server.url}/`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const cookies = await browser.context.cookies(server.url);
    expect(cookies.find((c) => c.name === "sas_session")).toMatchObject({ httpOnly: true, sameSite: "Strict" });
    // The console's cookie session is Carol's.
    const me = await page.evaluate(async () => (await (await fetch("/v1/users/me")).json()) as { data: unknown });
    expect(JSON.stringify(me.data)).toContain(carol.email);
    await page.close();
  });
});
