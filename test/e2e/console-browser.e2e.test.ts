import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createSessionAnalysisClient } from "../../clients/typescript/src/index";
import { apiClient } from "./support/api";
import { CONSOLE_TEST_TIMEOUT, launchChromiumBrowser, openConsolePage, VIEWPORTS } from "./support/browser";
import { verifyEmail, verifyEmailOn } from "./support/mail";
import { type ReceiverProcess, readReceived, startReceiverProcess } from "./support/receiver-process";
import { sharedServer } from "./support/shared-server";
import { freePort } from "./support/wrangler";

/**
 * The console as a person uses it, in Debian's Chromium against `wrangler dev`:
 * sign up → create an API key (and use it through the typed client) → add a
 * webhook to a receiver on 127.0.0.1 → create a session and watch its stages
 * arrive live → read its results → see the webhook delivery → buy credits →
 * see the transaction. At 1280 px and at 390 px wide, side by side: two people,
 * each in a browser context of their own (own cookies and storage) with a receiver
 * of their own; a screenshot of each page goes to docs/screenshots/, axe-core runs
 * in each page (no serious or critical violation), and no page reports a CSP
 * violation or loads anything from another host.
 */
const PASSWORD = "correct-horse-42";

describe("the console in Chromium", () => {
  const server = sharedServer();
  let browser: Browser;
  const receivers = new Map<string, { process: ReceiverProcess; url: string; log: string }>();
  let logDir: string;

  beforeAll(async () => {
    logDir = mkdtempSync(path.join(tmpdir(), "sas-console-receiver-"));
    const startReceiver = async (name: string) => {
      const port = await freePort();
      const log = path.join(logDir, `${name}.jsonl`);
      receivers.set(name, {
        process: await startReceiverProcess(port, log),
        url: `http://127.0.0.1:${port}/hooks`,
        log,
      });
    };
    const started = await Promise.allSettled([
      launchChromiumBrowser(),
      ...VIEWPORTS.map((viewport) => startReceiver(viewport.name)),
    ]);
    if (started[0].status === "fulfilled") browser = started[0].value as Browser;
    for (const s of started) if (s.status === "rejected") throw s.reason;
  });

  afterAll(async () => {
    await browser?.close();
    for (const r of receivers.values()) await r.process.kill();
    if (logDir) rmSync(logDir, { recursive: true, force: true });
  });

  for (const viewport of VIEWPORTS) {
    it.concurrent(
      `sign-up to a bought credit package at ${viewport.width} px`,
      async ({ expect, onTestFailed }) => {
        const { url: receiverUrl, log: receiverLog } = receivers.get(viewport.name)!;
        const {
          context,
          page,
          check: shot,
          go,
          expectClean,
        } = await openConsolePage(browser, server.url, viewport, {
          name: "console",
          onTestFailed,
        });
        // Sign up.
        await page.goto(`${server.url}/signup`);
        const email = `console.${viewport.name}.${Date.now()}@example.com`;
        await page.getByLabel("Email", { exact: true }).fill(email);
        await page.getByLabel("Username").fill(`console_${viewport.name}`);
        await page.locator("input[name=password]").fill(PASSWORD);
        await shot("sign-up");
        await page.getByRole("button", { name: "Create account" }).click();
        await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
        // The free credits come when the email is verified with the mailed token (docs/decisions.md "Free credits").
        await expect.poll(() => page.getByTestId("credits-remaining").textContent()).toMatch(/remaining0/);
        await verifyEmail(server.url, email);
        await page.reload();
        await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
        await expect.poll(() => page.getByTestId("credits-remaining").textContent()).toContain("100");
        // The console's own page loads are not the user's API calls (docs/decisions.md, "Console").
        await expect.poll(() => page.getByTestId("month-usage").textContent()).toContain("0 sessions0 API calls");
        await expect.poll(() => page.getByTestId("sessions-chart").locator("svg").count()).toBe(1);
        await expect.poll(() => page.getByTestId("credits-chart").locator("svg").count()).toBe(1);
        await shot("dashboard");
        // The session lives in HttpOnly cookies: nothing for a script to steal.
        const cookies = await context.cookies(server.url);
        expect(cookies.find((c) => c.name === "sas_session")?.httpOnly).toBe(true);
        expect(cookies.find((c) => c.name === "sas_session")?.sameSite).toBe("Strict");
        expect(await page.evaluate(() => JSON.stringify(localStorage) + document.cookie)).not.toMatch(/eyJ/);

        // An API key, shown once, that works through the typed client.
        await go("API keys");
        await page.getByLabel("Name").fill("e2e key");
        await page.getByRole("button", { name: "Create key" }).click();
        const key = (await page.getByTestId("secret-value").textContent())!;
        expect(key).toMatch(/^sak_/);
        await page.getByText("e2e key").first().waitFor();
        await shot("api-keys");
        const client = createSessionAnalysisClient({ origin: server.url, apiKey: key });
        const listed = await client.GET("/sessions", { params: { query: { limit: 5 } } });
        expect(listed.error).toBeUndefined();
        expect(listed.data?.data.pagination.total).toBe(0);

        // A webhook to the receiver on 127.0.0.1.
        await go("Webhooks");
        await page.getByLabel("Endpoint URL").fill(receiverUrl);
        await page.getByRole("button", { name: "Add webhook" }).click();
        await page.getByText("Signing secret of the new webhook").waitFor();

        // A session: price preview, then live progress. The first quote gets no answer (a dropped
        // connection): the preview asks again on its own.
        let dropped = 0;
        await page.route("**/v1/sessions/quote", (route) => {
          if (dropped++ > 0) return route.fallback();
          return route.abort("connectionreset");
        });
        await go("Sessions");
        await page.getByRole("link", { name: "New session" }).first().click();
        await page.getByLabel("Cue").fill(`Where is the lighthouse keeper's logbook? (${viewport.name})`);
        await expect.poll(() => page.getByTestId("price-preview").textContent()).toContain("15");
        expect(dropped).toBeGreaterThan(1);
        await page.getByLabel("spatial").check();
        await expect.poll(() => page.getByTestId("price-preview").textContent()).toContain("17");
        await shot("new-session");
        await page.getByRole("button", { name: /Create session/ }).click();
        await page.getByText("● live").waitFor();
        // Each stage turns done as its WebSocket message arrives, in order.
        const stageStates = async () =>
          page.locator("[data-stage]").evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
        const seen = new Set<string>();
        await expect
          .poll(
            async () => {
              const states = await stageStates();
              seen.add(states.join(","));
              return states.join(",");
            },
            { timeout: 60_000, interval: 100 },
          )
          .toBe("done,done,done");
        // Progress was observed part-way, not only at the end.
        expect([...seen].some((s) => s !== "done,done,done")).toBe(true);
        await page.getByTestId("results").waitFor();
        await expect.poll(() => page.getByTestId("session-status").textContent()).toContain("completed");
        await expect.poll(() => page.locator(".plot svg circle.accuracy").count()).toBe(1);
        await expect.poll(() => page.getByTestId("confidence").textContent()).toMatch(/threshold 50%/);
        await expect.poll(() => page.getByTestId("timeline").locator("li").count()).toBeGreaterThanOrEqual(5);
        // The whole Analysis resource is shown, not only the Session's summary: every key finding,
        // the spatial and temporal data, the recommendations and the model's metadata.
        const sessionId = (await page.getByTestId("session-id").textContent())!;
        const analysis = (
          await client.GET("/sessions/{session_id}/analysis", { params: { path: { session_id: sessionId } } })
        ).data!.data;
        const { key_findings, recommendations, detailed_analysis } = analysis.results!;
        expect(key_findings.length).toBeGreaterThan(0);
        await expect.poll(() => page.getByTestId("key-findings").locator("li").count()).toBe(key_findings.length);
        for (const f of key_findings)
          await expect.poll(() => page.getByTestId("key-findings").textContent()).toContain(f.description);
        await expect.poll(() => page.getByTestId("recommendations").locator("li").count()).toBe(recommendations.length);
        await expect
          .poll(() => page.getByTestId("spatial").textContent())
          .toContain(detailed_analysis.spatial_data.terrain);
        const facts = await page.getByTestId("analysis-metadata").textContent();
        expect(facts).toContain(analysis.metadata!.model_version);
        expect(facts).toContain(detailed_analysis.temporal_data.current_status);
        // A stage's percentage is named for what it is.
        await expect.poll(() => page.getByTestId("stages").textContent()).toMatch(/confidence \d+%/);
        await shot("session");
        // An id that names no session of this account: a not-found page, not waiting stages.
        await page.goto(`${server.url}/sessions/session_1000000000000000001`);
        await page.getByTestId("session-not-found").waitFor();
        expect(await page.getByTestId("stages").count()).toBe(0);

        await go("Sessions");
        await page
          .getByRole("link", { name: /lighthouse keeper/ })
          .first()
          .waitFor();
        await page.getByLabel("Status").selectOption("completed");
        await page
          .getByRole("link", { name: /lighthouse keeper/ })
          .first()
          .waitFor();
        await shot("sessions");

        // The webhook's delivery, with its attempt.
        await go("Webhooks");
        await page.getByRole("button", { name: "Deliveries" }).first().click();
        await expect
          .poll(
            async () => {
              await page.getByRole("button", { name: "Refresh" }).click();
              return page.getByTestId("deliveries").textContent();
            },
            { timeout: 60_000, interval: 500 },
          )
          .toMatch(/session\.completed.*succeeded.*#1 · 2\d\d/);
        expect(readReceived(receiverLog).some((r) => r.body.includes("session.completed"))).toBe(true);
        await shot("webhooks");

        // The log's filter: nothing failed, so "Failed" shows none; any status shows the delivery again.
        const log = page.getByTestId("deliveries");
        await log.getByLabel("Status").selectOption("failed,dead");
        await log.getByText("No deliveries yet.").waitFor();
        await log.getByLabel("Status").selectOption("");
        await expect.poll(() => log.textContent()).toMatch(/session\.completed.*succeeded/);
        // Recover since yesterday: nothing failed, nothing queued.
        await log.getByRole("button", { name: "Recover" }).click();
        await page.getByText("Recovery queued: 0 deliveries.").waitFor();
        // Rotate the secret: the new one is shown once, and the overlap is stated.
        page.once("dialog", (d) => d.accept());
        await page.getByRole("button", { name: "Rotate secret" }).click();
        await page.getByText("New signing secret").waitFor();
        expect(await page.getByTestId("secret-value").textContent()).toMatch(/^whsec_/);
        await page.getByText(/previous secret signs too until/).waitFor();

        // Buy credits with the test card, then see the transaction.
        await go("Billing");
        await page.getByLabel("Card number").fill("4242 4242 4242 4242");
        await page.getByLabel("Expiry (MM/YY)").fill("12/34");
        await page.getByLabel("CVC").fill("123");
        await page.getByRole("button", { name: "Add card" }).click();
        await page.getByRole("button", { name: "Buy credits" }).waitFor();
        await page.getByRole("button", { name: "Buy credits" }).click();
        await page.getByTestId("purchase-result").waitFor();
        await expect.poll(() => page.getByTestId("transactions").textContent()).toMatch(/\$/);

        // Change plan: an upgrade applies now, prorated, charged to the default card.
        // The select's accessible name includes its selected option ("Plan Basic (current)").
        await page.getByRole("combobox", { name: /^Plan/ }).selectOption("professional");
        await page.getByRole("button", { name: "Change plan" }).click();
        await expect.poll(() => page.getByTestId("purchase-result").textContent()).toMatch(/Now on professional/);
        await expect.poll(() => page.getByTestId("billing-plan").textContent()).toMatch(/professional/i);
        await expect.poll(() => page.getByTestId("plans").textContent()).toContain("$49.00 a month: 1,000 credits");
        // A card the issuer declines, made the default: its purchase reads as failed, adding nothing;
        // removing it makes the remaining card the default again.
        await page.getByLabel("Card number").fill("4000 0000 0000 0002");
        await page.getByLabel("Expiry (MM/YY)").fill("12/34");
        await page.getByLabel("CVC").fill("123");
        await page.getByRole("button", { name: "Add card" }).click();
        await page.getByRole("button", { name: "Make default" }).click();
        await expect.poll(() => page.getByText("Default card changed.").count()).toBe(1);
        await page.getByRole("combobox", { name: "Card", exact: true }).selectOption({ label: "visa ···· 0002" });
        await page.getByRole("button", { name: "Buy credits" }).click();
        await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/declined/i);
        await expect
          .poll(() => page.getByTestId("transactions").locator("tr", { hasText: "failed" }).first().textContent())
          .toContain("none added");
        await page.getByRole("button", { name: "Remove visa ending 0002" }).click();
        await expect.poll(() => page.getByText("Card removed.").count()).toBe(1);
        await expect.poll(() => page.getByRole("button", { name: /^Remove / }).count()).toBe(1);
        await expect.poll(() => page.getByRole("button", { name: "Make default" }).count()).toBe(0);
        await shot("billing");

        // Organizations: create one, invite a colleague (the development mailer's message is shown),
        // they accept by token, change their role, revoke a second invitation, read the audit log.
        await go("Organizations");
        const orgName = `Acme ${viewport.name}`;
        await page.getByLabel("Organization name").fill(orgName);
        await page.getByRole("button", { name: "Create organization" }).click();
        await page.getByRole("heading", { level: 1, name: orgName }).waitFor();
        const orgId = page.url().split("/organizations/")[1]!;
        const colleague = createSessionAnalysisClient({ origin: server.url });
        const colleagueEmail = `colleague.${viewport.name}.${Date.now()}@example.com`;
        const registered = await colleague.POST("/auth/register", {
          body: { email: colleagueEmail, username: `colleague_${viewport.name}`, password: PASSWORD },
        });
        expect(registered.error).toBeUndefined();
        const colleagueToken = registered.data!.data.token;
        // Only the proven holder of the invited address may accept: the colleague verifies with the mail.
        await verifyEmailOn(server.url, apiClient(() => server.url).call, colleagueEmail);
        await page.getByLabel("Email to invite").fill(colleagueEmail);
        await page.getByRole("button", { name: "Send invitation" }).click();
        const inviteToken = (await page.getByTestId("secret-value").textContent())!;
        await expect.poll(() => page.getByTestId("mail-outbox").textContent()).toContain(colleagueEmail);
        await expect.poll(() => page.getByTestId("mail-outbox").textContent()).toContain(inviteToken);
        const accepted = await createSessionAnalysisClient({ origin: server.url, token: colleagueToken }).POST(
          "/organizations/invitations/accept",
          { body: { token: inviteToken } },
        );
        expect(accepted.data?.data).toEqual({ organization_id: orgId, role: "member" });
        await page.reload();
        await page.getByLabel(`Role of colleague_${viewport.name}`).selectOption("admin");
        await expect.poll(() => page.getByLabel(`Role of colleague_${viewport.name}`).inputValue()).toBe("admin");
        await page.getByLabel("Email to invite").fill(`nobody.${viewport.name}@example.com`);
        await page.getByRole("button", { name: "Send invitation" }).click();
        await page.getByTestId("invitations").getByText(`nobody.${viewport.name}@example.com`).waitFor();
        await page.getByTestId("invitations").getByRole("button", { name: "Revoke" }).click();
        await expect.poll(() => page.getByTestId("invitations").count()).toBe(0);
        await shot("organization");

        await page.getByRole("navigation", { name: "Organization" }).getByRole("link", { name: "Audit log" }).click();
        await expect.poll(() => page.getByTestId("audit-log").textContent()).toContain("member.role_changed");
        await page.getByLabel("Action").fill("invitation.revoked");
        await page.getByRole("button", { name: "Apply filters" }).click();
        await expect
          .poll(async () => page.getByTestId("audit-log").locator("tbody tr").allTextContents())
          .toEqual([expect.stringContaining("invitation.revoked")]);
        await shot("audit-log");

        await page
          .getByRole("navigation", { name: "Organization" })
          .getByRole("link", { name: "Single sign-on" })
          .click();
        // The first claim gets no answer (a reset connection): the page says so, and the same form
        // sent again claims the domain once.
        let claims = 0;
        await page.route("**/sso/domains", (route) =>
          route.request().method() !== "POST" || claims++ > 0 ? route.fallback() : route.abort("connectionreset"),
        );
        await page.getByRole("textbox", { name: "Domain" }).fill(`acme-${viewport.name}.example`);
        await page.getByRole("button", { name: "Claim domain" }).click();
        await expect
          .poll(() => page.getByRole("alert").allTextContents())
          .toContain("The service did not answer. Check your connection and try again.");
        await page.getByRole("button", { name: "Claim domain" }).click();
        await expect.poll(() => page.getByTestId("sso-domains").textContent()).toMatch(/unverified/);
        expect(await page.getByTestId("sso-domains").getByRole("listitem").count()).toBe(1);
        await page.getByLabel("Kind").selectOption("ldap");
        await page.getByLabel("Connection name").fill("Directory");
        await page.getByLabel("Directory URL").fill("ldaps://ldap.acme.example");
        await page.getByLabel("Bind DN template").fill("uid={username},ou=people,dc=acme,dc=example");
        await page.getByLabel("Base DN").fill("dc=acme,dc=example");
        await page.getByRole("button", { name: "Add connection" }).click();
        await expect.poll(() => page.getByTestId("sso-connections").textContent()).toContain("Directory");
        await shot("sso");

        // Act for the organization: its own (empty) sessions and its billing account.
        await go("Organizations");
        await page.getByRole("button", { name: `Act as ${orgName}` }).click();
        await expect.poll(() => page.getByLabel("Acting as").inputValue()).toBe(orgId);
        await shot("organizations");
        await go("Sessions");
        await page.getByText("No sessions yet").waitFor();
        if (viewport.width < 800) await page.getByRole("button", { name: "Menu" }).click();
        await page.getByLabel("Acting as").selectOption("");
        if (viewport.width < 800) await page.getByRole("button", { name: "Menu" }).click();
        await page
          .getByRole("link", { name: /lighthouse keeper/ })
          .first()
          .waitFor();

        // Hand ownership to the colleague (you become an admin), then leave the organization.
        await go("Organizations");
        await page.getByRole("link", { name: orgName }).click();
        page.once("dialog", (d) => d.accept());
        await page.getByRole("button", { name: "Make owner" }).click();
        await expect
          .poll(() => page.getByTestId("members").locator("tbody tr").allTextContents())
          .toEqual(
            expect.arrayContaining([
              expect.stringMatching(/console_.*admin/),
              expect.stringMatching(/colleague_.*owner/),
            ]),
          );
        page.once("dialog", (d) => d.accept());
        await page.getByRole("button", { name: "Leave organization" }).click();
        await page.getByText("You belong to no organization yet.").waitFor();
        await expect.poll(() => page.getByLabel("Acting as").count()).toBe(0);

        // OAuth clients: register one (its secret is shown once).
        await go("OAuth clients");
        await page.getByLabel("Name").fill("Acme Reporting");
        await page.getByLabel("Redirect URIs").fill("https://acme.example/callback");
        await page.getByRole("button", { name: "Register client" }).click();
        await page.getByTestId("secret-value").waitFor();
        await shot("oauth-clients");

        // Sign out: the session ends and the cookies go.
        if (viewport.width < 800) await page.getByRole("button", { name: "Menu" }).click();
        await page.getByRole("button", { name: "Sign out" }).click();
        await page.getByRole("heading", { name: "Sign in to the console" }).waitFor();
        await shot("sign-in");
        expect((await context.cookies(server.url)).map((c) => c.name)).not.toContain("sas_session");

        // The dropped quote and claim, and the live view of another account's session (404 like its page).
        expectClean(expect, [/net::ERR_CONNECTION_RESET/, /\/v1\/ws\/session_1000000000000000001' failed: .* 404/]);
        await context.close();
      },
      CONSOLE_TEST_TIMEOUT,
    );
  }
});
