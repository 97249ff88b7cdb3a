import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, offlineExcept, pageProblems } from "./support/browser";
import { sharedServer } from "./support/shared-server";

/**
 * /v1/docs without internet: the reference renderer is bundled from npm and
 * served by the Worker (console/dist/docs), so the page names no other host
 * and renders in Chromium while every other host is unreachable.
 */
describe("API reference offline", () => {
  const server = sharedServer();
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
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

  it("loads the renderer and the document with the network to other hosts blocked", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const blocked = await offlineExcept(page, server.url);
    const problems = pageProblems(page);
    await page.goto(`${server.url}/v1/docs`);
    await page.getByText("Create an account", { exact: false }).first().waitFor({ timeout: 30_000 });
    await page.getByText("Sessions", { exact: true }).first().waitFor();
    expect(blocked).toEqual([]);
    // The renderer's theme names Scalar's hosted fonts in @font-face rules even with
    // withDefaultFonts off; the CSP refuses them before any request, and system fonts are used.
    const fontRefusals = (p: string) => /Loading the font 'https:\/\/fonts\.scalar\.com\//.test(p);
    expect(problems.filter((p) => /Content Security Policy/i.test(p) && !fontRefusals(p))).toEqual([]);
    await page.close();
  });
});
