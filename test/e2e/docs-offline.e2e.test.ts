import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityProblems, launchChromium, offlineExcept, pageProblems } from "./support/browser";
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
    expect(html).not.toMatch(/<script>/i);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    for (const file of ["/docs/scalar.js", "/docs/init.js"]) {
      const script = await fetch(`${server.url}${file}`);
      expect(script.status).toBe(200);
      expect(script.headers.get("content-type")).toMatch(/javascript/);
    }
  });

  for (const width of [1280, 390]) {
    it(`renders the document's operations at ${width} px with the network to other hosts blocked`, async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height: 800 });
      const blocked = await offlineExcept(page, server.url);
      const problems = pageProblems(page);
      await page.goto(`${server.url}/v1/docs`);
      // Visible content from the served document, not the renderer's loading skeleton.
      await page.getByRole("heading", { name: "Session Analysis Service API" }).waitFor({ timeout: 30_000 });
      await page.getByRole("heading", { name: "Create an account" }).waitFor();
      await expect(page.getByText("/auth/register").first().isVisible()).resolves.toBe(true);
      // Operations further down render as they are reached.
      await page.goto(`${server.url}/v1/docs#tag/sessions/POST/sessions`);
      await page.getByRole("heading", { name: "Create a session" }).waitFor({ timeout: 30_000 });
      expect(await accessibilityProblems(page)).toEqual([]);
      expect(blocked).toEqual([]);
      // The renderer's theme names Scalar's hosted fonts in @font-face rules even with
      // withDefaultFonts off; the CSP refuses them before any request, and system fonts are used.
      const fontRefusals = (p: string) => /Loading the font 'https:\/\/fonts\.scalar\.com\//.test(p);
      expect(problems.filter((p) => !fontRefusals(p))).toEqual([]);
      await page.close();
    });
  }
});
