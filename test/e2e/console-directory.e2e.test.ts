import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { CONSOLE_TEST_TIMEOUT, launchChromiumBrowser, openConsolePage, VIEWPORTS } from "./support/browser";
import { verifyEmail } from "./support/mail";
import { type OpenIdProvider, startOpenIdProvider } from "./support/oidc-provider";
import { sharedServer } from "./support/shared-server";

/**
 * An organization's enterprise identity pages in Debian's Chromium against `wrangler dev`, at 1280
 * and 390 px (docs/sso.md "SCIM", "OpenID Connect"): an OpenID Connect connection added from the
 * real oidc-provider's issuer, its secret never shown back; a SCIM connection whose token is shown
 * once, used by the test as an IdP would (plain fetch to /scim/v2) to provision a person the page
 * then lists as directory-managed; the token rotated (the old one refused) and the connection
 * revoked (the new one refused too). axe-core clean, nothing blocked or broken.
 */
const PASSWORD = "correct-horse-42";
const SCIM_JSON = { "content-type": "application/scim+json" };

describe("the console's SCIM and OpenID Connect pages in Chromium", () => {
  const server = sharedServer();
  let browser: Browser;
  let op: OpenIdProvider;
  beforeAll(async () => {
    const started = await Promise.allSettled([
      launchChromiumBrowser(),
      startOpenIdProvider({
        redirectUri: `${server.url}/oidc/callback`,
        accounts: (login) => ({ email: login, email_verified: true }),
      }),
    ]);
    if (started[0].status === "fulfilled") browser = started[0].value;
    if (started[1].status === "fulfilled") op = started[1].value;
    for (const s of started) if (s.status === "rejected") throw s.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await op?.stop();
  });

  for (const viewport of VIEWPORTS) {
    it.concurrent(
      `OIDC and SCIM connections at ${viewport.width} px`,
      async ({ expect, onTestFailed }) => {
        const { page, check, go, expectClean } = await openConsolePage(browser, server.url, viewport, {
          name: "directory",
          onTestFailed,
        });
        const stamp = `${viewport.name}${Date.now().toString(36)}`;
        const domain = `dir-${stamp}.example`;
        const email = `owner.${stamp}@example.com`;
        await page.goto(`${server.url}/signup`);
        await page.getByLabel("Email", { exact: true }).fill(email);
        await page.getByLabel("Username").fill(`dir_${viewport.name}`);
        await page.locator("input[name=password]").fill(PASSWORD);
        await page.getByRole("button", { name: "Create account" }).click();
        await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
        await verifyEmail(server.url, email);

        await go("Organizations");
        const orgName = `Directory ${viewport.name}`;
        await page.getByLabel("Organization name").fill(orgName);
        await page.getByRole("button", { name: "Create organization" }).click();
        await page.getByRole("heading", { level: 1, name: orgName }).waitFor();
        const tabs = page.getByRole("navigation", { name: "Organization" });

        // OpenID Connect: the provider's issuer, client id and (write-only) secret; a verified domain.
        await tabs.getByRole("link", { name: "Single sign-on" }).click();
        // The page and its (empty) domain list loaded first: a form filled while it still renders can lose its value.
        await page.getByRole("heading", { level: 1, name: `${orgName}: single sign-on` }).waitFor();
        await page.getByText("No domains claimed").waitFor();
        await page.getByRole("textbox", { name: "Domain" }).fill(domain);
        await page.getByRole("button", { name: "Claim domain" }).click();
        await page.getByTestId("sso-domains").getByRole("button", { name: "Verify" }).click();
        await expect.poll(() => page.getByTestId("sso-domains").textContent()).not.toContain("unverified");
        await page.getByLabel("Kind").selectOption("oidc");
        await page.getByLabel("Connection name").fill("Company IdP");
        await page.getByLabel("Issuer URL").fill(op.issuer);
        await page.getByLabel("Client ID").fill(op.clientId);
        await page.getByLabel("Client secret").fill(op.clientSecret);
        await page.getByRole("button", { name: "Add connection" }).click();
        const connections = page.getByTestId("sso-connections");
        await expect.poll(() => connections.textContent()).toContain("OpenID Connect");
        expect(await connections.textContent()).toContain(`${server.url}/oidc/callback`);
        expect(await connections.textContent()).toContain("client secret set");
        await connections.getByRole("button", { name: "Enforce Company IdP" }).click();
        await expect.poll(() => connections.textContent()).toContain("enforced");
        await page.reload();
        await expect.poll(() => connections.textContent()).toContain(op.issuer);
        expect(await page.content()).not.toContain(op.clientSecret);
        await check("sso-oidc", { screenshot: false });

        // SCIM: the token once, with its copy button and the warning.
        await tabs.getByRole("link", { name: "Provisioning (SCIM)" }).click();
        await page.getByRole("heading", { level: 1, name: `${orgName}: provisioning` }).waitFor();
        await page.getByLabel("SCIM connection name").fill("Okta");
        await page.getByLabel("Group roles").fill("Session Admins = admin");
        await page.getByRole("button", { name: "Create SCIM connection" }).click();
        const first = (await page.getByTestId("secret-value").textContent())!;
        expect(first.length).toBeGreaterThan(20);
        await expect.poll(() => page.locator(".secret").textContent()).toContain("you won't see it again");
        expect(await page.locator(".secret").getByRole("button", { name: "Copy" }).count()).toBe(1);
        const listed = page.getByTestId("scim-connections");
        await expect.poll(() => listed.textContent()).toContain("Last sync: never");
        const baseUrl = (await listed.locator("code").first().textContent())!;
        expect(baseUrl).toMatch(new RegExp(`^${server.url}/scim/v2/scim_\\d+$`));
        await check("scim");

        // The IdP provisions a person with that token.
        const scim = (token: string, method: string, path: string, body?: unknown) =>
          fetch(`${baseUrl}${path}`, {
            method,
            headers: { ...SCIM_JSON, authorization: `Bearer ${token}` },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
        const person = `ada.${stamp}@${domain}`;
        const created = await scim(first, "POST", "/Users", {
          schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
          userName: person,
          emails: [{ primary: true, value: person }],
          active: true,
        });
        expect(created.status, await created.clone().text()).toBe(201);

        // Reloaded: the token is gone from the page; the person is listed as the directory's.
        await page.reload();
        await expect.poll(() => page.getByTestId("scim-members").textContent()).toContain(person);
        expect(await page.getByTestId("secret-value").count()).toBe(0);
        expect(await listed.textContent()).toContain(`Manages ${person}.`);
        expect(await listed.textContent()).not.toContain("Last sync: never");
        expect(await page.getByTestId("scim-members").textContent()).toContain("Okta");
        await check("scim-provisioned");
        await tabs.getByRole("link", { name: "Members" }).click();
        const row = page.getByTestId("members").locator("tbody tr", { hasText: person });
        await expect.poll(() => row.textContent()).toContain("directory");
        await tabs.getByRole("link", { name: "Provisioning (SCIM)" }).click();

        // Rotated: a new token shown once; the old one refused at once.
        page.once("dialog", (d) => d.accept());
        await listed.getByRole("button", { name: "Rotate token of Okta" }).click();
        await expect.poll(() => page.getByTestId("secret-value").textContent()).not.toBe(first);
        const second = (await page.getByTestId("secret-value").textContent())!;
        expect((await scim(first, "GET", "/Users")).status).toBe(401);
        expect((await scim(second, "GET", "/Users")).status).toBe(200);

        // Revoked: the current token refused too; the person stays a member, managed here.
        page.once("dialog", (d) => d.accept());
        await listed.getByRole("button", { name: "Revoke Okta" }).click();
        await expect.poll(() => page.getByTestId("scim-note").textContent()).toContain("Okta was revoked");
        await expect.poll(() => listed.textContent()).toContain("revoked");
        expect(await listed.getByRole("button").count()).toBe(0);
        expect((await scim(second, "GET", "/Users")).status).toBe(401);
        await check("scim-revoked", { screenshot: false });
        expectClean(expect);
      },
      CONSOLE_TEST_TIMEOUT,
    );
  }
});
