import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDP_USERS, type IdpUser, type SamlIdp, startSamlIdp } from "../node/saml-idp-server";
import { apiClient, dataOf } from "./support/api";
import { launchChromium } from "./support/browser";
import { SHARED_VARS } from "./support/shared-server";
import { type DevServer, startWrangler } from "./support/wrangler";

// Issue 27 against `wrangler dev` and the real SimpleSAMLphp (its login form in Chromium, its signed
// response posted to our ACS): an IdP speaks only for its organization's verified domains, and an
// account someone pre-registered with the directory user's address is taken over with everything
// that signed it in. A server of its own: it verifies idp.example.test, which the shared server's
// SAML file verifies too (one organization at a time holds a domain).
describe("account takeover against wrangler dev and SimpleSAMLphp", () => {
  let server: DevServer;
  let idp: SamlIdp;
  let browser: { context: BrowserContext; close(): Promise<void> };
  const api = apiClient(() => server.url);

  beforeAll(async () => {
    const started = await Promise.allSettled([startWrangler({ vars: SHARED_VARS }), startSamlIdp(), launchChromium()]);
    if (started[0].status === "fulfilled") server = started[0].value;
    if (started[1].status === "fulfilled") idp = started[1].value;
    if (started[2].status === "fulfilled") browser = started[2].value;
    for (const s of started) if (s.status === "rejected") throw s.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.stop();
    await server?.stop();
  });

  async function organizationWithIdp(label: string) {
    const owner = await api.register(label);
    const orgId = dataOf(await api.call("POST", "/v1/organizations", owner, { name: label })).id as string;
    const connection = dataOf(
      await api.call("POST", `/v1/organizations/${orgId}/sso/connections`, owner, {
        kind: "saml",
        name: "SimpleSAMLphp",
        saml: {
          idp_entity_id: idp.entityId,
          sso_url: idp.ssoUrl,
          certificates: [idp.certificate],
          group_roles: { admins: "admin", staff: "member" },
        },
      }),
    ) as { id: string; sp: { entityId: string; acsUrl: string } };
    idp.addServiceProvider(connection.sp.entityId, connection.sp.acsUrl);
    return { owner, orgId, connection };
  }

  async function signInAtIdp(page: Page, connectionId: string, user: IdpUser) {
    await page.goto(`${server.url}/saml/login?connection=${connectionId}`);
    await page.fill('input[name="username"]', user.username);
    await page.fill('input[name="password"]', user.password);
    const acs = page.waitForResponse(
      (r) => r.url().startsWith(`${server.url}/saml/acs/`) && r.request().method() === "POST",
    );
    await page.click('button[type="submit"], input[type="submit"]');
    const response = await acs;
    return { status: response.status(), body: await response.json() };
  }

  it("an organization's IdP asserting an address outside its verified domains signs nobody in", async () => {
    const eve = await organizationWithIdp("eve-org");
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const result = await signInAtIdp(page, eve.connection.id, IDP_USERS.carol!);
    await page.close();
    expect([result.status, result.body.error.code]).toEqual([403, "SSO_EMAIL_DOMAIN_NOT_VERIFIED"]);
    expect(JSON.stringify(result.body)).not.toContain("refresh_token");
    const members = dataOf(await api.call("GET", `/v1/organizations/${eve.orgId}/members`, eve.owner)).members;
    expect(members).toHaveLength(1);
  });

  it("a pre-registered dave@idp.example.test is taken over at Dave's first sign-on: the squatter's password, token and API key end", async () => {
    const dave = IDP_USERS.dave!;
    const squatter = await api.call("POST", "/v1/auth/register", undefined, {
      email: dave.email,
      username: "squatter",
      password: "correct-horse-42",
      tier: "basic",
      marketing_consent: false,
    });
    expect(squatter.status).toBe(201);
    const squatterToken = squatter.body.data.token as string;
    const key = dataOf(
      await api.call("POST", "/v1/api-keys", squatterToken, { name: "pre-link", scopes: ["profile"] }),
    ) as { key: string };

    const acme = await organizationWithIdp("acme-org");
    const domain = dataOf(
      await api.call("POST", `/v1/organizations/${acme.orgId}/sso/domains`, acme.owner, { domain: "idp.example.test" }),
    );
    dataOf(await api.call("POST", `/v1/organizations/${acme.orgId}/sso/domains/${domain.id}/verify`, acme.owner));

    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const result = await signInAtIdp(page, acme.connection.id, dave);
    await page.close();
    expect([result.status, result.body.data?.user.id]).toEqual([200, squatter.body.data.user.id]);

    expect((await api.call("GET", "/v1/users/me", squatterToken)).status).toBe(401);
    expect((await api.call("GET", "/v1/users/me", undefined, undefined, { "x-api-key": key.key })).status).toBe(401);
    const login = await api.call("POST", "/v1/auth/login", undefined, {
      email: dave.email,
      password: "correct-horse-42",
    });
    expect([login.status, login.body.error.code]).toEqual([401, "INVALID_CREDENTIALS"]);
    const me = dataOf(await api.call("GET", "/v1/users/me", result.body.data.token));
    expect(me.email).toBe(dave.email);
  });
});
