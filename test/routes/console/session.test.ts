import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { api, appAt, expectErrorEnvelope, startOfMinuteWindow, workerFetch } from "../../support/http";

/**
 * The console's cookie session (docs/security.md "Console"): sign-in sets an
 * HttpOnly SameSite=Strict access cookie, a refresh cookie scoped to the
 * session route and a readable CSRF cookie; the API accepts the access cookie,
 * on unsafe methods only with a matching X-CSRF-Token header.
 */
interface Jar {
  session: string;
  refresh: string;
  csrf: string;
  setCookies: string[];
}

function cookiesOf(res: { headers: Headers }): Jar {
  const setCookies = res.headers.getSetCookie();
  const value = (name: string) => {
    const line = setCookies.find((c) => c.startsWith(`${name}=`));
    return line ? line.slice(name.length + 1).split(";")[0]! : "";
  };
  return { session: value("sas_session"), refresh: value("sas_refresh"), csrf: value("sas_csrf"), setCookies };
}

async function signIn(): Promise<Jar & { email: string }> {
  const user = await registerUser();
  const res = await api("POST", "/console/session", { body: { email: user.email, password: PASSWORD } });
  expect(res.status).toBe(200);
  expect(res.body.data.user.email).toBe(user.email);
  expect(JSON.stringify(res.body)).not.toMatch(/eyJ|sart_/);
  return { ...cookiesOf(res), email: user.email };
}

const cookieHeader = (jar: Jar, which: Array<keyof Omit<Jar, "setCookies">> = ["session", "csrf"]) =>
  which.map((k) => `sas_${k}=${jar[k]}`).join("; ");

describe("console session cookies", () => {
  it("sign-in sets an HttpOnly SameSite=Strict session cookie, a path-scoped refresh cookie and a readable CSRF cookie", async () => {
    const jar = await signIn();
    const line = (name: string) => jar.setCookies.find((c) => c.startsWith(`${name}=`))!;
    expect(line("sas_session")).toMatch(/HttpOnly/);
    expect(line("sas_session")).toMatch(/SameSite=Strict/);
    expect(line("sas_session")).toMatch(/Path=\//);
    expect(line("sas_refresh")).toMatch(/HttpOnly/);
    expect(line("sas_refresh")).toMatch(/Path=\/console\/session/);
    expect(line("sas_csrf")).not.toMatch(/HttpOnly/);
    expect(jar.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("over https the cookies are Secure and carry the __Host- / __Secure- prefixes", async () => {
    const user = await registerUser();
    const res = await workerFetch(
      new Request("https://console.example/console/session", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "198.18.200.1" },
        body: JSON.stringify({ email: user.email, password: PASSWORD }),
      }),
    );
    expect(res.status).toBe(200);
    const lines = res.headers.getSetCookie();
    expect(lines.map((c) => c.split("=")[0])).toEqual([
      "__Host-sas_session",
      "__Secure-sas_refresh",
      "__Host-sas_csrf",
    ]);
    expect(lines.every((c) => /; Secure/.test(c))).toBe(true);
  });

  it("a wrong password fails like /v1/auth/login and sets no cookie", async () => {
    const user = await registerUser();
    const res = await api("POST", "/console/session", { body: { email: user.email, password: "wrong-password-1" } });
    expectErrorEnvelope(res, 401, "INVALID_CREDENTIALS");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("a malformed body is a 422 naming the field", async () => {
    const res = await api("POST", "/console/session", { body: { email: "a@example.com" } });
    expectErrorEnvelope(res, 422, "MISSING_REQUIRED_FIELD");
  });

  it("the API accepts the session cookie on reads without a CSRF header", async () => {
    const jar = await signIn();
    const res = await api("GET", "/v1/users/me", { headers: { cookie: cookieHeader(jar, ["session"]) } });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(jar.email);
  });

  it("an unsafe request with the cookie needs X-CSRF-Token equal to the CSRF cookie", async () => {
    const jar = await signIn();
    const body = { name: "from the console", scopes: ["remote-viewing:read"] };
    const missing = await api("POST", "/v1/api-keys", { headers: { cookie: cookieHeader(jar) }, body });
    expectErrorEnvelope(missing, 403, "CSRF_TOKEN_INVALID");
    const wrong = await api("POST", "/v1/api-keys", {
      headers: { cookie: cookieHeader(jar), "x-csrf-token": "x".repeat(43) },
      body,
    });
    expectErrorEnvelope(wrong, 403, "CSRF_TOKEN_INVALID");
    const noCookie = await api("POST", "/v1/api-keys", {
      headers: { cookie: cookieHeader(jar, ["session"]), "x-csrf-token": jar.csrf },
      body,
    });
    expectErrorEnvelope(noCookie, 403, "CSRF_TOKEN_INVALID");
    const ok = await api("POST", "/v1/api-keys", {
      headers: { cookie: cookieHeader(jar), "x-csrf-token": jar.csrf },
      body,
    });
    expect(ok.status).toBe(201);
  });

  it("an explicit Authorization header wins over the cookie (no CSRF check for bearer callers)", async () => {
    const jar = await signIn();
    const other = await registerUser();
    const res = await api("GET", "/v1/users/me", { token: other.token, headers: { cookie: cookieHeader(jar) } });
    expect(res.body.data.email).toBe(other.email);
  });

  it("a cookie-authenticated WebSocket handshake must come from the console's origin", async () => {
    const jar = await signIn();
    const res = await api("GET", "/v1/ws/session_1", {
      headers: { cookie: cookieHeader(jar, ["session"]), upgrade: "websocket", origin: "https://evil.example" },
    });
    expectErrorEnvelope(res, 403, "CSRF_TOKEN_INVALID");
  });

  it("refresh rotates the tokens from the refresh cookie; sign-out revokes them and clears the cookies", async () => {
    const jar = await signIn();
    const renewed = await api("POST", "/console/session/refresh", {
      headers: { cookie: `sas_refresh=${jar.refresh}` },
    });
    expect(renewed.status).toBe(200);
    const next = cookiesOf(renewed);
    expect(next.session).not.toBe(jar.session);
    // The used refresh token is spent (reuse revokes the family: RFC 9700 §4.14.2).
    const replay = await api("POST", "/console/session/refresh", { headers: { cookie: `sas_refresh=${jar.refresh}` } });
    expect(replay.status).toBe(401);

    const fresh = await signIn();
    const out = await api("DELETE", "/console/session", {
      headers: { cookie: cookieHeader(fresh), "x-csrf-token": fresh.csrf },
    });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().every((c) => /Max-Age=0/.test(c))).toBe(true);
    const after = await api("GET", "/v1/users/me", { headers: { cookie: cookieHeader(fresh, ["session"]) } });
    expectErrorEnvelope(after, 401, "TOKEN_INVALID");
  });
});

describe("console pages and the docs page", () => {
  it("/ serves the console with a CSP that forbids inline scripts and other hosts", async () => {
    const res = await api("GET", "/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.text).toContain('<div id="app">');
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("unsafe-inline");
    expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it("a console route (client-side) answers the app's index.html", async () => {
    const res = await api("GET", "/sessions/session_123", { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="app">');
  });

  it("unknown /v1 paths stay JSON 404s", async () => {
    expectErrorEnvelope(await api("GET", "/v1/nope"), 404, "ROUTE_NOT_FOUND");
  });

  it("/v1/docs loads the renderer from this origin only", async () => {
    const res = await api("GET", "/v1/docs");
    expect(res.status).toBe(200);
    expect(res.text).toContain('src="/docs/scalar.js"');
    expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    const script = await api("GET", "/docs/scalar.js");
    expect(script.status).toBe(200);
  });
});

describe("API call counting (usage.api_calls)", () => {
  it("counts a token's calls but not the console's own page loads (its session cookie)", async () => {
    const user = await registerUser();
    const signedIn = await api("POST", "/console/session", { body: { email: user.email, password: PASSWORD } });
    const cookie = { cookie: cookieHeader(cookiesOf(signedIn)) };
    const counted = async () =>
      (await api("GET", "/v1/billing", { headers: cookie })).body.data.usage.current_month.api_calls as number;
    expect(await counted()).toBe(0);
    await api("GET", "/v1/users/me", { token: user.token });
    for (let i = 0; i < 5; i++) expect((await api("GET", "/v1/users/me", { headers: cookie })).status).toBe(200);
    // The token's call arrives (its count is written after the response); the cookie's six never do.
    await expect.poll(counted).toBe(1);
  });
});

describe("the sign-in throttle counts failed sign-ins only", () => {
  const from = (ip: string) => ({ "cf-connecting-ip": ip });

  it("a signed-out console reloaded 20 times (refresh without a cookie) leaves sign-in open", async () => {
    const user = await registerUser();
    const ip = "198.51.100.71";
    for (let i = 0; i < 20; i++)
      expectErrorEnvelope(
        await api("POST", "/console/session/refresh", { headers: from(ip) }),
        401,
        "AUTHENTICATION_REQUIRED",
      );
    const signedIn = await api("POST", "/console/session", {
      headers: from(ip),
      body: { email: user.email, password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
  });

  it("one person's wrong passwords lock their own sign-in from that address, not a colleague's", async () => {
    const [mistyper, colleague] = [await registerUser(), await registerUser()];
    const office = "198.51.100.72";
    // The throttle's clock pinned inside one minute window: a rollover mid-test would refill it.
    const { api } = appAt(startOfMinuteWindow());
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (
          await api("POST", "/v1/auth/login", {
            headers: from(office),
            body: { email: mistyper.email, password: "wrong-password-1" },
          })
        ).status,
      );
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const theirs = await api("POST", "/v1/auth/login", {
      headers: from(office),
      body: { email: colleague.email, password: PASSWORD },
    });
    expect(theirs.status).toBe(200);
    // Still locked from the office, even with the right password.
    expectErrorEnvelope(
      await api("POST", "/v1/auth/login", {
        headers: from(office),
        body: { email: mistyper.email, password: PASSWORD },
      }),
      429,
      "RATE_LIMIT_EXCEEDED",
    );
  });
});
