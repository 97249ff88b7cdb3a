import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { appAt, startOfMinuteWindow } from "../../support/http";
import { adminUser, authorizePath, Browser, createClient, pkcePair, REDIRECT } from "../../support/oauth";

async function setup() {
  const user = await registerUser();
  const client = await createClient(user.token);
  const { challenge } = await pkcePair();
  const params = {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    scope: "profile remote-viewing:read",
    state: "st-1",
    code_challenge: challenge,
    code_challenge_method: "S256",
  };
  return { user, client, params };
}

/** A browser signed in as `user` through the authorization page, and the consent page it then sees. */
async function signedIn(user: { email: string }, path: string) {
  const browser = new Browser();
  const login = await browser.request("GET", path);
  await browser.request("POST", "/oauth2/authorize", {
    ...Browser.hiddenFields(login.text),
    email: user.email,
    password: PASSWORD,
  });
  return { browser, consent: await browser.request("GET", path) };
}

describe("GET /oauth2/authorize", () => {
  it("shows a sign-in form with CSRF token and strict security headers", async () => {
    const { params } = await setup();
    const page = await new Browser().request("GET", authorizePath(params));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).toContain("Sign in to continue to Test App");
    expect(Browser.hiddenFields(page.text).csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' https://app.example");
    expect(csp).not.toContain("script-src");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const cookies = page.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/sas_authz_csrf=.*HttpOnly/);
    expect(cookies).toMatch(/Path=\/oauth2\/authorize/);
    expect(cookies).toMatch(/SameSite=Lax/);
  });

  it("the CSP allows exactly the page's inline stylesheet, by hash", async () => {
    const { params } = await setup();
    const page = await new Browser().request("GET", authorizePath(params));
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)![1]!;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(style)));
    const hash = btoa(String.fromCharCode(...digest));
    expect(page.headers.get("content-security-policy")).toContain(`style-src 'sha256-${hash}'`);
  });

  it("/oauth/authorize is an alias", async () => {
    const { params } = await setup();
    const res = await new Browser().request("GET", `/oauth/authorize?${new URLSearchParams(params)}`);
    expect(res.status).toBe(302);
    expect(res.location).toBe(authorizePath(params));
  });

  it("/oauth/authorize refuses what the endpoint refuses: no redirect for an unknown client or redirect URI, the error back to the client otherwise", async () => {
    const { params } = await setup();
    const alias = (query: Record<string, string>) =>
      new Browser().request("GET", `/oauth/authorize?${new URLSearchParams(query)}`);
    for (const bad of [{ client_id: "client_404" }, { redirect_uri: "https://evil.example/cb" }, { client_id: "" }]) {
      const res = await alias({ ...params, ...bad });
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
      expect(res.text).toContain("cannot be completed");
    }
    const { response_type: _, ...missing } = params;
    for (const [query, error] of [
      [{ ...params, response_type: "token" }, "unsupported_response_type"],
      [missing, "invalid_request"],
      [{ ...params, code_challenge_method: "plain" }, "invalid_request"],
    ] as const) {
      const res = await alias(query);
      expect(res.status).toBe(302);
      const to = new URL(res.location!);
      expect(to.origin + to.pathname).toBe(REDIRECT);
      expect(to.searchParams.get("error")).toBe(error);
      expect(to.searchParams.get("state")).toBe("st-1");
    }
  });

  it("unknown client or unregistered redirect_uri: an error page, never a redirect", async () => {
    const { params } = await setup();
    for (const bad of [{ client_id: "client_404" }, { redirect_uri: "https://evil.example/cb" }, { client_id: "" }]) {
      const res = await new Browser().request("GET", authorizePath({ ...params, ...bad }));
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
      expect(res.text).toContain("cannot be completed");
    }
  });

  it("redirectable errors go back to the client with state (RFC 6749 §4.1.2.1)", async () => {
    const { params } = await setup();
    const cases: [Record<string, string>, string][] = [
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ scope: "dowsing:write" }, "invalid_scope"],
      [{ scope: "bogus" }, "invalid_scope"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ code_challenge: "short" }, "invalid_request"],
    ];
    for (const [override, error] of cases) {
      const res = await new Browser().request("GET", authorizePath({ ...params, ...override }));
      expect(res.status).toBe(302);
      const to = new URL(res.location!);
      expect(to.origin + to.pathname).toBe(REDIRECT);
      expect(to.searchParams.get("error")).toBe(error);
      expect(to.searchParams.get("state")).toBe("st-1");
      expect(to.searchParams.get("iss")).toBe("http://127.0.0.1:8787");
    }
    const repeated = await new Browser().request("GET", `${authorizePath(params)}&scope=profile`);
    expect(new URL(repeated.location!).searchParams.get("error")).toBe("invalid_request");
  });
});

describe("POST /oauth2/authorize", () => {
  it("wrong password re-renders the form (401); the right one signs in and shows consent naming each scope", async () => {
    const { user, params } = await setup();
    const browser = new Browser();
    const page = await browser.request("GET", authorizePath(params));
    const fields = Browser.hiddenFields(page.text);
    const bad = await browser.request("POST", "/oauth2/authorize", {
      ...fields,
      email: user.email,
      password: "wrong-password-1",
    });
    expect(bad.status).toBe(401);
    expect(bad.text).toContain("Invalid email or password.");
    const good = await browser.request("POST", "/oauth2/authorize", {
      ...fields,
      email: user.email,
      password: PASSWORD,
    });
    expect(good.status).toBe(303);
    expect(good.location).toBe(authorizePath(params));
    const session = good.headers.getSetCookie().find((c) => c.startsWith("sas_authz_session="))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/Path=\/oauth2\/authorize/);
    const consent = await browser.request("GET", authorizePath(params));
    expect(consent.text).toContain("Test App wants to access your account");
    expect(consent.text).toContain("Read and update your profile");
    expect(consent.text).toContain("Read your remote-viewing sessions and their results");
    expect(consent.text).toContain(user.email);
  });

  it("sign-in attempts are throttled like /v1/auth/login (429 on the page, with Retry-After)", async () => {
    const { user, params } = await setup();
    // The throttle's clock pinned inside one minute window: a rollover mid-test would refill it.
    const browser = new Browser(appAt(startOfMinuteWindow()).fetch);
    const page = await browser.request("GET", authorizePath(params));
    const fields = Browser.hiddenFields(page.text);
    let last = 0;
    for (let i = 0; i < 10 && last !== 429; i++) {
      last = (
        await browser.request("POST", "/oauth2/authorize", {
          ...fields,
          email: user.email,
          password: `wrong-password-${i}`,
        })
      ).status;
    }
    expect(last).toBe(429);
    const blocked = await browser.request("POST", "/oauth2/authorize", {
      ...fields,
      email: user.email,
      password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain("Too many sign-in attempts");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("deny redirects with access_denied and the state", async () => {
    const { user, params } = await setup();
    const { browser, consent } = await signedIn(user, authorizePath(params));
    const res = await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(consent.text),
      action: "deny",
    });
    expect(res.status).toBe(303);
    const to = new URL(res.location!);
    expect(to.searchParams.get("error")).toBe("access_denied");
    expect(to.searchParams.get("state")).toBe("st-1");
    expect(to.searchParams.get("code")).toBeNull();
  });

  it("refuses a forged form (CSRF token missing or wrong) and a cross-site Origin", async () => {
    const { user, params } = await setup();
    const browser = new Browser();
    const page = await browser.request("GET", authorizePath(params));
    const fields = Browser.hiddenFields(page.text);
    expect(
      (
        await browser.request("POST", "/oauth2/authorize", {
          ...fields,
          csrf_token: "x".repeat(43),
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(403);
    const { csrf_token: _omit, ...noCsrf } = fields;
    expect(
      (await browser.request("POST", "/oauth2/authorize", { ...noCsrf, email: user.email, password: PASSWORD })).status,
    ).toBe(403);
    expect(
      (
        await browser.request(
          "POST",
          "/oauth2/authorize",
          { ...fields, email: user.email, password: PASSWORD },
          { origin: "https://evil.example" },
        )
      ).status,
    ).toBe(403);
    // A fresh browser (no CSRF cookie) replaying the fields is refused too.
    expect(
      (await new Browser().request("POST", "/oauth2/authorize", { ...fields, email: user.email, password: PASSWORD }))
        .status,
    ).toBe(403);
  });

  it("approve without a signed-in session shows the sign-in form; tampered hidden fields are re-validated", async () => {
    const { params } = await setup();
    const browser = new Browser();
    const page = await browser.request("GET", authorizePath(params));
    const fields = Browser.hiddenFields(page.text);
    const approve = await browser.request("POST", "/oauth2/authorize", { ...fields, action: "approve" });
    expect(approve.status).toBe(401);
    expect(approve.text).toContain("Please sign in again.");
    const tampered = await browser.request("POST", "/oauth2/authorize", {
      ...fields,
      redirect_uri: "https://evil.example/cb",
      action: "approve",
    });
    expect(tampered.status).toBe(400);
    expect(tampered.location).toBeNull();
  });

  it("'use a different account' signs the browser out", async () => {
    const { user, params } = await setup();
    const { browser, consent } = await signedIn(user, authorizePath(params));
    const out = await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(consent.text),
      action: "switch",
    });
    expect(out.status).toBe(303);
    expect((await browser.request("GET", authorizePath(params))).text).toContain("Sign in to continue");
  });

  it("admin scopes are never granted to a non-admin user, even if the client allows them", async () => {
    const admin = await adminUser();
    const client = await createClient(admin.token, { scopes: ["profile", "analytics:admin"] });
    const user = await registerUser();
    const base = { response_type: "code", client_id: client.client_id, redirect_uri: REDIRECT, state: "adm" };
    const { browser, consent } = await signedIn(user, authorizePath({ ...base, scope: "profile analytics:admin" }));
    expect(consent.text).toContain('data-scope="profile"');
    expect(consent.text).not.toContain('data-scope="analytics:admin"');
    const only = await browser.request("GET", authorizePath({ ...base, scope: "analytics:admin" }));
    expect(new URL(only.location!).searchParams.get("error")).toBe("invalid_scope");
  });
});

describe("SSO", () => {
  it("/saml/login asks which connection, and routes no unverified domain", async () => {
    const missing = await new Browser().request("GET", "/saml/login");
    expect(missing.status).toBe(422);
    expect(JSON.parse(missing.text)).toMatchObject({ error: { code: "MISSING_REQUIRED_FIELD" } });
    const unknown = await new Browser().request("GET", "/saml/login?domain=nobody.example");
    expect(unknown.status).toBe(404);
  });
});
