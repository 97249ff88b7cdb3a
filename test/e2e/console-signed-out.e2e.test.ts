import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { launchChromiumBrowser, offlineExcept } from "./support/browser";
import { sharedServer } from "./support/shared-server";

// A signed-out console reloaded again and again is not someone guessing passwords: its page loads
// must not spend the sign-in throttle (20 reloads, then a sign-in that works), and the page does not
// even ask to renew a session it does not hold.
describe("the signed-out console", () => {
  const server = sharedServer();
  const { call } = apiClient(() => server.url);
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromiumBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("reloaded 20 times, then signs in", async () => {
    const email = `reload.${Date.now()}@example.com`;
    const reg = await call("POST", "/v1/auth/register", undefined, {
      email,
      username: "reload",
      password: "correct-horse-42",
      tier: "basic",
      marketing_consent: false,
    });
    expect(reg.status).toBe(201);
    const context = await browser.newContext();
    const page = await context.newPage();
    await offlineExcept(page, server.url);
    const refreshes: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/console/session/refresh")) refreshes.push(r.url());
    });
    await page.goto(`${server.url}/signin`);
    for (let i = 0; i < 20; i++) {
      await page.reload();
      await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    }
    expect(refreshes).toEqual([]);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-42");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await context.close();
  });
});
