import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { apiClient, dataOf } from "./support/api";
import { CONSOLE_TEST_TIMEOUT, launchChromiumBrowser, openConsolePage, VIEWPORTS } from "./support/browser";
import { sharedServer } from "./support/shared-server";

/**
 * A new developer's first hour in the console, in Chromium against `wrangler dev`, at 1280 and
 * 390 px: the getting-started panel (a key created from it, the first request copied from it and
 * run as written, each step ticking off from the account's real state until the panel goes),
 * scopes explained, billing history in sentences, an organization's audit log with names and a
 * per-person filter, a sole owner offered the transfer first, the acting banner, and, at 390 px,
 * no table hiding a column behind a sideways scroll. axe-clean, nothing loaded from another host;
 * state is read over HTTP only.
 */
const PASSWORD = "correct-horse-42";
const CUE = "Describe the lighthouse keeper's logbook and the shelf it sits on";
const run = promisify(execFile);

describe("a developer's first hour in the console", () => {
  const server = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromiumBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of VIEWPORTS) {
    it.concurrent(
      `from an empty dashboard to an organization at ${viewport.width} px`,
      async ({ expect, onTestFailed }) => {
        const { call, verify } = apiClient(() => server.url);
        const stamp = `${viewport.name}.${Date.now()}`;
        const email = `first.${stamp}@example.com`;
        const username = `first_${viewport.name}`;
        const reg = await verify(
          await call("POST", "/v1/auth/register", undefined, { email, username, password: PASSWORD }),
        );
        const token = reg.body.data.token as string;

        const { context, page, check, go, expectClean } = await openConsolePage(browser, server.url, viewport, {
          name: "first-hour",
          onTestFailed,
        });
        const shot = (name: string, save = true) => check(name, { screenshot: save });
        const steps = () => page.locator("li.step").evaluateAll((els) => els.map((e) => e.getAttribute("data-done")));

        await page.goto(`${server.url}/signin`);
        await page.getByLabel("Email", { exact: true }).fill(email);
        await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
        // The top bar of a phone stays one compact row.
        const topbar = (await page.locator(".topbar").boundingBox())?.height ?? 0;
        expect(
          viewport.width >= 800 || (topbar > 0 && topbar <= 64),
          `top bar ${topbar}px high at ${viewport.width}px`,
        ).toBe(true);

        // Getting started: four steps, none done.
        const panel = page.getByTestId("getting-started");
        await panel.waitFor();
        await expect.poll(steps).toEqual(["false", "false", "false", "false"]);
        await expect.poll(() => panel.textContent()).toContain("4 of 4 steps left");
        await shot("getting-started");

        // A key from the panel; the first request shows it filled in, and runs as written.
        await panel.getByRole("button", { name: "Create an API key" }).click();
        const key = (await panel.getByTestId("secret-value").textContent())!;
        expect(key).toMatch(/^sak_/);
        const curl = (await page.getByTestId("first-request-curl").textContent())!;
        expect(curl).toContain(key);
        expect(curl).toContain(server.url);
        await expect
          .poll(() => page.getByTestId("first-request-typescript").textContent())
          .toContain(`apiKey: "${key}"`);
        await expect.poll(steps).toEqual(["true", "false", "false", "false"]);
        const { stdout } = await run("bash", ["-c", curl], { timeout: 15_000 });
        expect(JSON.parse(stdout)).toMatchObject({ success: true, data: { sessions: [] } });
        await expect
          .poll(async () => {
            await panel.getByRole("button", { name: "Check again" }).click();
            return steps();
          })
          .toEqual(["true", "true", "false", "false"]);
        await shot("getting-started-key", false);

        // A session and a webhook (made over the API, as a script would): every step done, the panel goes.
        dataOf(
          await call("POST", "/v1/sessions", token, {
            cue: CUE,
            session_type: "remote_viewing",
            parameters: { duration: 60, confidence_threshold: 0.5, analysis_types: ["visual"], priority: "normal" },
          }),
        );
        dataOf(
          await call("POST", "/v1/webhooks", token, { url: "http://127.0.0.1:9/hooks", events: ["session.completed"] }),
        );
        await page.reload();
        await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
        await page.getByTestId("credits-remaining").waitFor();
        await expect.poll(() => page.getByTestId("getting-started").count()).toBe(0);

        // Where a key is created, each scope says what it allows.
        await go("API keys");
        await expect.poll(() => page.getByText("Cancel remote-viewing sessions").count()).toBe(1);
        await expect.poll(() => page.getByText("See your email address").count()).toBe(1);

        // Billing history in sentences.
        dataOf(
          await call("POST", "/v1/billing/payment-methods", token, {
            number: "4242424242424242",
            exp_month: 12,
            exp_year: 2034,
            cvc: "123",
          }),
        );
        const card = dataOf(await call("GET", "/v1/billing/payment-methods", token)).payment_methods[0].id;
        dataOf(
          await call("POST", "/v1/billing/credits/purchase", token, {
            credit_package: "starter",
            payment_method_id: card,
            quantity: 1,
          }),
        );
        await go("Billing");
        const history = page.getByTestId("transactions");
        await expect
          .poll(() => history.textContent())
          .toContain(`Session “${CUE.slice(0, 40).trimEnd()}…” · remote viewing`);
        await expect.poll(() => history.textContent()).toContain("Purchase of 100 credits");
        await history.getByRole("link", { name: CUE.slice(0, 40).trimEnd() }).waitFor();
        await shot("billing-history");

        // An organization with a colleague who joined and was made an admin.
        const orgName = `Harbour ${viewport.name}`;
        const orgId = dataOf(await call("POST", "/v1/organizations", token, { name: orgName })).id as string;
        const colleagueEmail = `mate.${stamp}@example.com`;
        const colleagueName = `mate_${viewport.name}`;
        const colleague = await verify(
          await call("POST", "/v1/auth/register", undefined, {
            email: colleagueEmail,
            username: colleagueName,
            password: PASSWORD,
          }),
        );
        const colleagueId = colleague.body.data.user.id as string;
        const invitation = dataOf(
          await call("POST", `/v1/organizations/${orgId}/invitations`, token, {
            email: colleagueEmail,
            role: "member",
          }),
        );
        dataOf(
          await call("POST", "/v1/organizations/invitations/accept", colleague.body.data.token, {
            token: invitation.token,
          }),
        );
        await go("Organizations");
        await page.getByRole("link", { name: orgName }).click();
        await page.getByRole("heading", { level: 1, name: orgName }).waitFor();
        // The sole owner is offered the transfer first, before leaving.
        await expect
          .poll(() => page.locator(".page-actions button").allTextContents())
          .toEqual(["Transfer ownership", "Leave organization"]);
        await page.getByLabel("New owner").waitFor();
        // A confirmation names the organization.
        await page.getByLabel(`Role of ${colleagueName}`).selectOption("admin");
        await expect
          .poll(() => page.getByTestId("org-note").textContent())
          .toBe(`${colleagueName} is now an admin of ${orgName}.`);
        await shot("organization-owner");

        // The audit log names people, filters by one, and shows whole changes.
        await page.getByRole("navigation", { name: "Organization" }).getByRole("link", { name: "Audit log" }).click();
        const log = page.getByTestId("audit-log");
        await expect.poll(() => log.textContent()).toContain("member.role_changed");
        await expect.poll(() => log.textContent()).toContain(colleagueEmail);
        await expect.poll(() => log.textContent()).toContain(email);
        const change = log.locator("tr", { hasText: "member.role_changed" }).locator("details");
        await expect.poll(() => change.locator("summary").textContent()).toContain("role: member → admin");
        await change.locator("summary").click();
        await expect(change.locator("pre").isVisible()).resolves.toBe(true);
        await expect.poll(() => change.locator("pre").textContent()).toContain('"role": "admin"');
        await page.getByLabel("Person").selectOption(colleagueId);
        await page.getByRole("button", { name: "Apply filters" }).click();
        await expect
          .poll(() => log.locator("tbody tr").allTextContents())
          .toEqual([expect.stringMatching(new RegExp(`invitation\\.accepted.*${colleagueName}.*${colleagueEmail}`))]);
        await shot("audit-log-person");

        // Acting as the organization: a banner on every page names it, and switches back.
        await go("Organizations");
        await page.getByRole("button", { name: `Act as ${orgName}` }).click();
        const banner = page.getByTestId("acting-banner");
        await expect.poll(() => banner.textContent()).toContain(`Acting as ${orgName}`);
        await go("Sessions");
        await expect.poll(() => banner.textContent()).toContain(orgName);
        await shot("acting-banner");
        await banner.getByRole("button", { name: "Switch back to yourself" }).click();
        await expect.poll(() => page.getByTestId("acting-banner").count()).toBe(0);
        await page
          .getByRole("link", { name: /lighthouse keeper/ })
          .first()
          .waitFor();
        await shot("sessions-own", false);

        expectClean(expect);
        await context.close();
      },
      CONSOLE_TEST_TIMEOUT,
    );
  }
});
