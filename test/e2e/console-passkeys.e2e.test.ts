import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessibilityProblems,
  launchChromiumBrowser,
  offlineExcept,
  pageProblems,
  virtualAuthenticator,
} from "./support/browser";
import { type DevServer, startWrangler } from "./support/wrangler";

/**
 * Passkeys as a person uses them, in Debian's Chromium with the DevTools virtual authenticator
 * (CDP WebAuthn domain: CTAP2, internal transport, resident keys, user verification) against
 * `wrangler dev`: sign up → add a passkey on the Security page → rename it → sign out → "Sign in with
 * a passkey" alone → sign out → the password's second step answered with the passkey. The server's
 * issuer is http://localhost:PORT: the console's origin, whose host is the RP id (browsers refuse an
 * IP address as one). axe-core on each page, no CSP violation, nothing loaded from another host.
 */
describe("passkeys in the console, in Chromium", () => {
  let server: DevServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startWrangler({ issuerHost: "localhost" });
    browser = await launchChromiumBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("enrols a passkey, renames it, then signs in with it alone and as the second step", async () => {
    const origin = `http://localhost:${server.port}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    const blocked = await offlineExcept(page, origin);
    const problems = pageProblems(page);
    const authenticator = await virtualAuthenticator(context, page);
    const a11y: string[] = [];
    const check = async (name: string) => a11y.push(...(await accessibilityProblems(page)).map((p) => `${name}: ${p}`));
    const dashboard = () => page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const signOut = async () => {
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("heading", { level: 1, name: "Sign in to the console" }).waitFor();
    };

    const email = `passkey.${Date.now()}@example.com`;
    const password = "correct-horse-42";
    await page.goto(`${origin}/signup`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Username").fill(`passkey_${Date.now() % 1_000_000}`);
    await page.locator("input[name=password]").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await dashboard();

    // Add a passkey: the virtual authenticator creates a resident credential with user verification.
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Security" }).click();
    await page.getByRole("heading", { level: 1, name: "Security" }).waitFor();
    await page.getByLabel("Passkey name").fill("Laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    const list = page.getByTestId("passkeys");
    await list.locator("strong", { hasText: /^Laptop$/ }).waitFor();
    await expect(page.getByTestId("recovery-codes").locator("li").count()).resolves.toBe(10);
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.rpId).toBe("localhost");
    await check("security-passkeys");

    await list.getByRole("button", { name: "Rename Laptop" }).click();
    await page.getByLabel("New name").fill("Work laptop");
    await page.getByRole("button", { name: "Save" }).click();
    await list.locator("strong", { hasText: /^Work laptop$/ }).waitFor();

    // Sign out, then the passkey alone signs in (discoverable credential, no email typed).
    await signOut();
    await check("sign-in");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await dashboard();
    const after = await authenticator.credentials();
    expect(after[0]!.signCount).toBeGreaterThan(0);

    // The password now asks for a second step, which the passkey answers.
    await signOut();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Two-step verification" }).waitFor();
    await check("second-step-passkey");
    await page.getByRole("button", { name: "Use your passkey" }).click();
    await dashboard();

    expect(a11y).toEqual([]);
    // The signed-out page asks to renew its session once (401, expected), as in console-account.e2e.test.ts.
    expect(problems.filter((p) => !/^Failed to load resource: .* status of 4\d\d/.test(p))).toEqual([]);
    expect(blocked).toEqual([]);
    await context.close();
  }, 120_000);
});
