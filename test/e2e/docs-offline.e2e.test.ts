import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, offlineExcept, pageProblems } from "./support/browser";
import { type DevServer, startWrangler } from "./support/wrangler";

/**
 * /v1/docs without internet: the reference renderer is bundled from npm and
 * served by the Worker (console/dist/docs), so the page names no other host
 * and renders in Chromium while every other host is unreachable.
 */
describe("API reference offline", () => {
  let server: DevServer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    server = await startWrangler();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the docs page references no external host and sends a CSP without inline scripts", async () => {
    const res = await fetch(`${server.url}/v1/docs`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//i);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    const script = await fetch(`${server.url}/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
  });

  it("renders every operation with the network to other hosts blocked", async () => {
    const page = await browser.context.newPage();
    const blocked = await offlineExcept(page, server.url);
    const problems = pageProblems(page);
    await page.goto(`${server.url}/v1/docs`);
    await page.getByText("Create an account", { exact: false }).first().waitFor({ timeout: 30_000 });
    await page.getByText("Create a session", { exact: false }).first().waitFor();
    expect(blocked).toEqual([]);
    expect(problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
    await page.close();
  });
});
