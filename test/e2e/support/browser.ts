import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from "playwright-core";

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

/** The two widths every console page is proven at: a laptop and a phone. */
export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 860 },
  { name: "mobile", width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

// The README's screenshots are refreshed with `UPDATE_SCREENSHOTS=1 npm run test:e2e`. Otherwise none
// is taken (a full-page PNG of every page costs Chromium seconds of CPU) but the page a test fails on,
// which goes to a temporary folder, so a test run leaves the work tree as it was.
const UPDATE_SCREENSHOTS = Boolean(process.env.UPDATE_SCREENSHOTS);
const SCREENSHOTS = path.resolve(import.meta.dirname, "../../../docs/screenshots");
const FAILURE_SCREENSHOTS = path.join(tmpdir(), "sas-console-screenshots");

/**
 * A console walk's time limit: two Chromium contexts side by side with the Workers-pool suite on a
 * 2-core machine (a walk takes about a minute there); full-page screenshots cost more.
 */
export const CONSOLE_TEST_TIMEOUT = UPDATE_SCREENSHOTS ? 360_000 : 240_000;

/** Tables whose content is wider than their box (a sideways scroll), by their accessible label. */
function overflowingTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>(".table-wrap"))
      .filter((w) => w.scrollWidth > w.clientWidth + 1)
      .map((w) => `${w.getAttribute("aria-label")}: ${w.scrollWidth} > ${w.clientWidth}`),
  );
}

export interface ConsolePage {
  context: BrowserContext;
  page: Page;
  /** Requests to another host, aborted (the machine is offline but for the console). */
  blocked: string[];
  /** Console errors and CSP violations, minus Chromium's line for each 4xx answer a test asks for. */
  problems(): string[];
  /** Answers of 500 and above from the service: none is ever expected. */
  serverErrors: string[];
  /** axe's serious and critical findings, and at phone width tables that scroll sideways. */
  findings: string[];
  /** Checks the page as it stands (axe, table widths); with UPDATE_SCREENSHOTS also a README screenshot. */
  check(name: string, options?: { screenshot?: boolean }): Promise<void>;
  /** Follows a link of the console's navigation (through the menu on a phone) to the page it names. */
  go(label: string): Promise<void>;
  /**
   * Everything a console test asserts at its end: nothing blocked, broken, inaccessible or failed,
   * but the console messages `expected` matches (what the test provoked on purpose).
   */
  expectClean(expect: (value: unknown) => { toEqual(expected: unknown): void }, expected?: RegExp[]): void;
  close(): Promise<void>;
}

/**
 * A console page at `viewport` in its own browser context (own cookies and storage), offline but
 * for `origin`. Every refusal the service answers is printed as it happens, so a failure further
 * down says what the server answered, and the page a test fails on is saved as a screenshot.
 */
export async function openConsolePage(
  browser: Browser,
  origin: string,
  viewport: Viewport,
  test: { name: string; onTestFailed(handler: () => Promise<void>): void },
): Promise<ConsolePage> {
  mkdirSync(UPDATE_SCREENSHOTS ? SCREENSHOTS : FAILURE_SCREENSHOTS, { recursive: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  const blocked = await offlineExcept(page, origin);
  const problems = pageProblems(page);
  const serverErrors: string[] = [];
  page.on("response", async (r) => {
    const path = new URL(r.url()).pathname;
    if (r.status() < 400 || !(path.startsWith("/v1/") || path.startsWith("/console/"))) return;
    const line = `${viewport.name}: ${r.request().method()} ${path} → ${r.status()} ${await r.text().catch(() => "")}`;
    if (r.status() >= 500) serverErrors.push(line);
    if (r.status() !== 401) console.log(line);
  });
  // A request that got no answer (a connection refused or reset, or still waiting when the test
  // fails) says more about a failure than the locator that timed out.
  const inFlight = new Map<Request, number>();
  page.on("request", (r) => inFlight.set(r, Date.now()));
  page.on("requestfinished", (r) => inFlight.delete(r));
  page.on("requestfailed", (r) => {
    inFlight.delete(r);
    // But those a navigation abandoned (net::ERR_ABORTED, as at sign-out).
    if (r.failure()?.errorText !== "net::ERR_ABORTED")
      console.log(`${viewport.name}: ${r.method()} ${r.url()} got no answer: ${r.failure()?.errorText}`);
  });
  test.onTestFailed(async () => {
    const file = path.join(FAILURE_SCREENSHOTS, `${test.name}-failed-${viewport.name}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    const alerts = await page
      .getByRole("alert")
      .allTextContents()
      .catch(() => []);
    const waiting = [...inFlight].map(([r, at]) => `${r.method()} ${r.url()} (${Date.now() - at} ms)`);
    console.log(
      `${viewport.name}: the page at the failure: ${page.url()}, screenshot ${file}`,
      `\n  alerts shown: ${JSON.stringify(alerts.filter((a) => a.trim()))}`,
      `\n  requests without an answer: ${JSON.stringify(waiting)}`,
    );
  });
  const findings: string[] = [];
  const phone = viewport.width < 800;
  // Chromium logs every 4xx answer; those are refusals the tests perform on purpose.
  const realProblems = () => problems.filter((p) => !/^Failed to load resource: .* status of 4\d\d/.test(p));
  return {
    context,
    page,
    blocked,
    serverErrors,
    findings,
    problems: realProblems,
    async check(name, { screenshot = true } = {}) {
      findings.push(...(await accessibilityProblems(page)).map((p) => `${name}: ${p}`));
      if (phone) findings.push(...(await overflowingTables(page)).map((t) => `${name}: ${t}`));
      if (!UPDATE_SCREENSHOTS || !screenshot) return;
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport.name}.png`), fullPage: true });
    },
    async go(label) {
      if (phone) await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: label }).click();
      await page.getByRole("heading", { level: 1, name: label }).waitFor();
    },
    expectClean(expect, expected = []) {
      expect(findings).toEqual([]);
      expect(realProblems().filter((p) => !expected.some((e) => e.test(p)))).toEqual([]);
      expect(blocked).toEqual([]);
      expect(serverErrors).toEqual([]);
    },
    close: () => context.close(),
  };
}

/**
 * A platform authenticator in the page, through DevTools' WebAuthn domain: CTAP2, internal transport,
 * resident keys, user verification that always succeeds, presence given without a touch. What a
 * laptop's fingerprint reader does for a person, and the credentials it holds, to assert on.
 */
export async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}
