import { createServer, type Server } from "node:http";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./support/browser";
import { sharedServer } from "./support/shared-server";

/**
 * The authorize page in real Chromium against `wrangler dev`: sign in, read
 * the consent screen, approve, land on the client's redirect URI (a tiny
 * local server) with code and state, then exchange the code. No JavaScript
 * is needed by the page, and the browser must report no CSP violation.
 */
const PASSWORD = "correct-horse-42";

async function b64urlSha256(input: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(input));
  return Buffer.from(digest).toString("base64url");
}

describe("authorize page in Chromium", () => {
  const server = sharedServer();
  let context: BrowserContext;
  let callbackServer: Server;
  let callbackUrl: string;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  const hits: string[] = [];

  beforeAll(async () => {
    callbackServer = createServer((req, res) => {
      hits.push(req.url ?? "");
      res
        .writeHead(200, { "content-type": "text/html" })
        .end("<!doctype html><title>Callback</title><p>Back at the app</p>");
    });
    await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
    callbackUrl = `http://127.0.0.1:${(callbackServer.address() as { port: number }).port}/callback`;
    // The page must work without JavaScript.
    browser = await launchChromium({ javaScriptEnabled: false });
    context = browser.context;
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => callbackServer?.close(r));
  });

  it("signs in, consents, approves, lands on the redirect with code and state, and the code exchanges", async () => {
    const email = `browser.${Date.now()}@example.com`;
    const reg = await fetch(`${server.url}/v1/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, username: "browser", password: PASSWORD, tier: "basic", marketing_consent: false }),
    });
    const userToken = ((await reg.json()) as any).data.token as string;
    const created = await fetch(`${server.url}/v1/oauth/clients`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${userToken}` },
      body: JSON.stringify({
        name: "Browser Test App",
        client_type: "confidential",
        redirect_uris: [callbackUrl],
        grant_types: ["authorization_code"],
        scopes: ["profile", "remote-viewing:read"],
      }),
    });
    const client = ((await created.json()) as any).data as { client_id: string; client_secret: string };

    const verifier = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
    const state = `st-${Date.now()}`;
    const authorize = new URL("/oauth2/authorize", server.url);
    authorize.search = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: callbackUrl,
      scope: "profile remote-viewing:read",
      state,
      code_challenge: await b64urlSha256(verifier),
      code_challenge_method: "S256",
    }).toString();

    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
    });

    const first = await page.goto(authorize.toString());
    expect(first?.status()).toBe(200);
    expect(first?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await expect(page.locator("h1").textContent()).resolves.toContain("Sign in to continue to Browser Test App");
    await page.fill("#email", email);
    await page.fill("#password", PASSWORD);
    await Promise.all([page.waitForURL(/\/oauth2\/authorize\?/), page.click("button[type=submit]")]);

    await expect(page.locator("h1").textContent()).resolves.toBe("Browser Test App wants to access your account");
    const scopes = await page.locator("#scopes li").allTextContents();
    expect(scopes.join("\n")).toContain("Read and update your profile");
    expect(scopes.join("\n")).toContain("Read your remote-viewing sessions and their results");

    await Promise.all([
      page.waitForURL((u) => u.toString().startsWith(callbackUrl)),
      page.click("button[value=approve]"),
    ]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get("state")).toBe(state);
    expect(landed.searchParams.get("iss")).toBe(server.url);
    const code = landed.searchParams.get("code")!;
    expect(code).toMatch(/^saac_/);
    await expect(page.locator("p").textContent()).resolves.toBe("Back at the app");
    expect(hits.some((h) => h.includes(`state=${state}`))).toBe(true);
    expect(cspViolations).toEqual([]);

    const token = await fetch(`${server.url}/oauth2/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: callbackUrl,
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    const tokens = (await token.json()) as { access_token: string; refresh_token: string; scope: string };
    expect(tokens.scope).toBe("profile remote-viewing:read");
    expect(tokens.refresh_token).toBeTruthy();
    const me = await fetch(`${server.url}/v1/users/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
    await page.close();
  });
});
