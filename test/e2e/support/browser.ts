import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";

const CHROMIUM = {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
};

/** Debian's Chromium, headless, with a fresh profile; `close()` removes the profile too. */
export async function launchChromium(
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profileDir = mkdtempSync(path.join(tmpdir(), "sas-chromium-"));
  const context = await chromium.launchPersistentContext(profileDir, { ...CHROMIUM, ...options });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium, headless, for tests that run side by side: each opens its own context
 * (`browser.newContext()`: its own cookies and storage, like a separate profile).
 */
export function launchChromiumBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/**
 * Only `origin` is reachable: every request to another host is aborted and
 * recorded, as if the machine had no internet.
 */
export async function offlineExcept(page: Page, origin: string): Promise<string[]> {
  const blocked: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    blocked.push(url);
    return route.abort("internetdisconnected");
  });
  return blocked;
}

/** Console errors and CSP violations the page reports. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  return problems;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it stands. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: the page's CSP (no inline scripts) does not apply. Once per
  // document: the console routes in the page, so later checks reuse it instead of compiling 500 kB again.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe.run();
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
