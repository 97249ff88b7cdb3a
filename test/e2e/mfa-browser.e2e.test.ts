import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityProblems, launchChromiumBrowser, pageProblems, virtualAuthenticator } from "./support/browser";
import { type DevServer, startWrangler } from "./support/wrangler";

/**
 * Issue 30's remaining browser proofs, in Debian's Chromium with the DevTools virtual authenticator
 * (CTAP2, internal transport, resident keys, user verification) against `wrangler dev` at
 * http://localhost:PORT (the RP id must be a host name): an owner adds a passkey on the Security
 * page, requires MFA of the organization's members on its page, then answers the OAuth authorize
 * page's second step with "Use a passkey" and lands on the client's redirect URI with a code.
 * axe-core on each page; the authorize page's script runs under its CSP with no violation.
 * `UPDATE_SCREENSHOTS=1` writes the README's Security and organization-MFA screenshots.
 */
const UPDATE_SCREENSHOTS = Boolean(process.env.UPDATE_SCREENSHOTS);
const SCREENSHOTS = path.resolve(import.meta.dirname, "../../docs/screenshots");
const PASSWORD = "correct-horse-42";

async function b64urlSha256(input: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(input));
  return Buffer.from(digest).toString("base64url");
}

describe("second factors in Chromium", () => {
  let server: DevServer;
  let browser: Browser;
  let callbackServer: Server;
  let callbackUrl: string;
  beforeAll(async () => {
    callbackServer = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Callback</title><p>Back</p>");
    });
    await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
    callbackUrl = `http://127.0.0.1:${(callbackServer.address() as { port: number }).port}/callback`;
    server = await startWrangler({ issuerHost: "localhost" });
    browser = await launchChromiumBrowser();
    if (UPDATE_SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((r) => callbackServer?.close(r));
  });

  it("adds a passkey, requires MFA of an organization's members, and answers the authorize page with the passkey", async () => {
    const origin = `http://localhost:${server.port}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    const problems = pageProblems(page);
    const authenticator = await virtualAuthenticator(context, page);
    const a11y: string[] = [];
    const shot = async (name: string) => {
      a11y.push(...(await accessibilityProblems(page)).map((p) => `${name}: ${p}`));
      if (!UPDATE_SCREENSHOTS) return;
      for (const [viewport, width, height] of [
        ["mobile", 390, 844],
        ["desktop", 1280, 860],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport}.png`), fullPage: true });
      }
    };

    const email = `mfa.${Date.now()}@example.com`;
    await page.goto(`${origin}/signup`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Username").fill(`mfa_${Date.now() % 1_000_000}`);
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

    // The Security page: a named passkey (and the recovery codes that come with the first factor).
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Security" }).click();
    await page.getByRole("heading", { level: 1, name: "Security" }).waitFor();
    await page.getByLabel("Passkey name").fill("Work laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page
      .getByTestId("passkeys")
      .locator("strong", { hasText: /^Work laptop$/ })
      .waitFor();
    await shot("security-passkeys");

    // An organization whose owner requires a second factor of every member.
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Organizations" }).click();
    // The page has read the (empty) list before the form is used: a re-render would drop what was typed.
    await page.getByText("You belong to no organization yet.").waitFor();
    await page.getByLabel("Organization name").fill("Acme Research");
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.getByRole("heading", { level: 1, name: "Acme Research" }).waitFor();
    const requirement = page.getByTestId("require-mfa");
    await expect.poll(() => requirement.isChecked()).toBe(false);
    await requirement.check();
    await page.getByText("Members now need a second factor.").waitFor();
    // The box shows the organization as read again after the change.
    await page.locator("[data-testid=require-mfa]:checked").waitFor();
    const members = page.getByTestId("members");
    await members.getByText("on", { exact: true }).waitFor();
    await shot("organization-mfa");

    // An application asks for access: the authorize page's second step is answered with the passkey.
    const other = await fetch(`${server.url}/v1/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: `app.${Date.now()}@example.com`,
        username: "app_owner",
        password: PASSWORD,
        tier: "basic",
        marketing_consent: false,
      }),
    });
    const appToken = ((await other.json()) as any).data.token as string;
    const created = await fetch(`${server.url}/v1/oauth/clients`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${appToken}` },
      body: JSON.stringify({
        name: "Passkey Test App",
        client_type: "confidential",
        redirect_uris: [callbackUrl],
        grant_types: ["authorization_code"],
        scopes: ["profile"],
      }),
    });
    expect(created.status).toBe(201);
    const client = ((await created.json()) as any).data as { client_id: string };
    const verifier = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
    const authorize = new URL("/oauth2/authorize", origin);
    authorize.search = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: callbackUrl,
      scope: "profile",
      state: "st-passkey",
      code_challenge: await b64urlSha256(verifier),
      code_challenge_method: "S256",
    }).toString();
    const cspViolations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    await page.goto(authorize.toString());
    await page.fill("#email", email);
    await page.fill("#password", PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Confirm it is you" }).waitFor();
    a11y.push(...(await accessibilityProblems(page)).map((p) => `authorize-second-step: ${p}`));
    const before = await authenticator.credentials();
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.getByRole("heading", { level: 1, name: "Passkey Test App wants to access your account" }).waitFor();
    const after = await authenticator.credentials();
    expect(after[0]!.signCount).toBeGreaterThan(before[0]!.signCount);
    await Promise.all([
      page.waitForURL((u) => u.toString().startsWith(callbackUrl)),
      page.getByRole("button", { name: "Allow" }).click(),
    ]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get("state")).toBe("st-passkey");
    expect(landed.searchParams.get("code")).toMatch(/^saac_/);

    expect(cspViolations).toEqual([]);
    expect(a11y).toEqual([]);
    expect(problems.filter((p) => !/^Failed to load resource: .* status of 4\d\d/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);
});
