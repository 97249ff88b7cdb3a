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

  it("reads as a reader needs: examples, shared headers once, no file paths, the way back, the reader's key", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const blocked = await offlineExcept(page, server.url);
    await page.goto(`${server.url}/v1/docs`);
    await page.getByRole("heading", { name: "Session Analysis Service API" }).waitFor({ timeout: 30_000 });
    await expect(page.getByRole("link", { name: "Back to the console" }).getAttribute("href")).resolves.toBe("/");
    // The document as the page shows it (reader.js), next to the served one.
    const shown = await page.evaluate(async () => {
      const doc = await (await fetch("/v1/openapi.json")).json();
      const served = JSON.stringify(doc);
      const prepared = (window as unknown as { prepareReference(d: unknown): any }).prepareReference(doc);
      const texts: string[] = [];
      const strings: { path: string; schema: any }[] = [];
      const walk = (node: any, at: string, name?: string) => {
        if (!node || typeof node !== "object") return;
        for (const [k, v] of Object.entries(node)) {
          if ((k === "description" || k === "summary") && typeof v === "string") texts.push(v);
          else if (k === "properties" && v && typeof v === "object")
            for (const [p, child] of Object.entries(v)) walk(child, `${at}.${p}`, p);
          else if (k !== "example" && k !== "examples") walk(v, `${at}.${k}`);
        }
        if (node.type === "string" && name) strings.push({ path: at, schema: node });
      };
      walk(prepared, "$");
      const operations = Object.values(prepared.paths).flatMap((item: any) => Object.values(item)) as any[];
      return {
        servedHasPaths: /docs\/[a-z-]+\.md/.test(served),
        texts,
        withCommonParameter: operations.filter((op) =>
          (op.parameters ?? []).some((p: any) => /XClientVersion|XD1Bookmark/.test(p.$ref ?? "")),
        ).length,
        withCommonHeader: operations.filter((op) =>
          Object.values(op.responses ?? {}).some((r: any) => r.headers?.["X-Request-Id"] || r.headers?.RateLimit),
        ).length,
        intro: prepared.info.description as string,
        session: prepared.components.schemas.Session,
        idsWithoutExample: strings
          .filter(
            ({ path, schema }) =>
              /(^|\.)(id|[a-z_]+_id|email|created_at)$/.test(path) &&
              !schema.examples &&
              !schema.example &&
              !schema.enum,
          )
          .map((s) => s.path),
      };
    });
    expect(shown.servedHasPaths).toBe(true);
    expect(shown.texts.filter((t) => /(^|[\s(])(docs|src|scripts)\/[\w./-]+\.(md|ts|mjs)/.test(t))).toEqual([]);
    expect(shown.withCommonParameter).toBe(0);
    expect(shown.withCommonHeader).toBe(0);
    expect(shown.intro).toContain("Headers on every operation");
    expect(shown.intro).toContain("`X-Request-Id`");
    expect(shown.session.properties.id.examples ?? [shown.session.properties.id.example]).toEqual([
      expect.stringMatching(/^session_\d+$/),
    ]);
    expect(shown.idsWithoutExample).toEqual([]);
    // An operation's request example shows values, not type names.
    await page.goto(`${server.url}/v1/docs#tag/webhooks/POST/webhooks`);
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Register a webhook" }) }).first();
    await section.waitFor({ timeout: 30_000 });
    await expect.poll(() => section.textContent()).toContain("https://example.com/hooks/session-analysis");
    // The reader's key goes into the examples, and is not kept anywhere.
    await page.getByLabel("Your API key, for the examples").fill("sak_readers_own_key_123");
    await page.getByRole("button", { name: "Use in examples" }).click();
    await expect.poll(() => page.getByText("sak_readers_own_key_123").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage))).not.toContain(
      "sak_readers_own_key_123",
    );
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(blocked).toEqual([]);
    await page.close();
  });
});
