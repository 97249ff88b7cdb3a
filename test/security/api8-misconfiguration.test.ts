import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import type { Bindings } from "../../src/bindings";
import { issueAccessToken } from "../../src/domain/identity/access-tokens";
import { testContext } from "../support/context";
import { registerUser } from "../support/factories";
import { api, BASE, expectErrorEnvelope } from "../support/http";

/**
 * API8:2023 Security Misconfiguration.
 * Attacks: framing/sniffing the API's responses, cross-origin requests
 * riding cookies, provoking stack traces with malformed input, probing
 * unknown routes and methods, running production without its keys.
 * Expected: security headers on every response (success, error, 404,
 * preflight); CORS `*` without credentials and no cookies on /v1; errors are
 * the envelope with no internals; unknown routes 404 ROUTE_NOT_FOUND;
 * production without JWT_PRIVATE_KEY or DATA_ENCRYPTION_KEY answers 503.
 * (CORS details: test/http/cors.test.ts; generic 500: test/http/envelope.test.ts.)
 */
const SECURITY_HEADERS: Record<string, RegExp> = {
  "x-content-type-options": /^nosniff$/,
  "x-frame-options": /^DENY$/,
  "referrer-policy": /^no-referrer$/,
  "strict-transport-security": /max-age=\d+/,
  "content-security-policy": /frame-ancestors 'none'/,
};

describe("API8 security misconfiguration", async () => {
  const u = await registerUser();

  it.each([
    ["GET", "/v1/users/me", true],
    ["GET", "/v1/users/me", false],
    ["GET", "/v1/no-such-route", true],
    ["POST", "/v1/sessions", true],
    ["GET", "/.well-known/jwks.json", false],
    ["POST", "/oauth2/token", false],
    ["GET", "/nowhere", false],
  ] as const)("%s %s (authenticated: %s) carries the security headers", async (method, path, auth) => {
    const res = await api(method, path, {
      ...(auth ? { token: u.token } : {}),
      ...(method === "POST" ? { raw: "{", headers: { "content-type": "application/json" } } : {}),
    });
    for (const [name, pattern] of Object.entries(SECURITY_HEADERS))
      expect(res.headers.get(name), `${name} on ${method} ${path}`).toMatch(pattern);
  });

  it("API responses are not cached", async () => {
    expect((await api("GET", "/v1/users/me", { token: u.token })).headers.get("cache-control")).toContain("no-store");
  });

  it("a cross-origin preflight from any site gets * without credentials; no cookies are set on /v1", async () => {
    const res = await api("OPTIONS", "/v1/sessions", {
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    const login = await api("POST", "/v1/auth/login", {
      body: { email: u.email, password: "correct-horse-42" },
      headers: { origin: "https://evil.example" },
    });
    expect(login.headers.get("set-cookie")).toBeNull();
  });

  it.each([
    ["malformed JSON", '{"cue": ', 400, "INVALID_REQUEST_BODY"],
    ["JSON of the wrong type", "[1,2,3]", 422, "INVALID_FIELD_VALUE"],
    ["deeply nested JSON", `${"[".repeat(5000)}${"]".repeat(5000)}`, 422, "INVALID_FIELD_VALUE"],
    ["a number where an object is expected", "12345678901234567890123456789", 422, "INVALID_FIELD_VALUE"],
    ["null", "null", 422, "INVALID_FIELD_VALUE"],
  ])("%s → 4xx, the envelope, no stack or internals", async (_name, raw, status, code) => {
    const res = await api("POST", "/v1/sessions", {
      token: u.token,
      raw,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.text).not.toMatch(/\bat \S+\.(ts|js):\d+|stack|node_modules|ZodError|SQLITE|D1_/i);
  });

  it("unknown routes (404 ROUTE_NOT_FOUND) and wrong methods (405 METHOD_NOT_ALLOWED) answer the envelope, not a framework page", async () => {
    for (const [method, path] of [
      ["GET", "/v1/nope"],
      ["PATCH", "/v1/sessions"],
      ["GET", "/v1/admin"],
      ["GET", "/v2/sessions"],
      ["GET", "/.env"],
      ["GET", "/v1/../wrangler.toml"],
    ]) {
      const res = await api(method!, path!, { token: u.token });
      expect([404, 405], `${method} ${path}`).toContain(res.status);
      expect(res.body?.success, `${method} ${path}`).toBe(false);
      expect(res.text).not.toMatch(/<html/i);
    }
    expectErrorEnvelope(await api("GET", "/v1/nope", { token: u.token }), 404, "ROUTE_NOT_FOUND");
  });

  const inProduction = (overrides: Record<string, unknown>) =>
    createApp().request(
      `${BASE}/v1/billing/packages`,
      {},
      {
        ...env,
        ENVIRONMENT: "production",
        AUTH_ISSUER: "https://api.example.test",
        PAYMENT_GATEWAY: "stripe",
        ...overrides,
      },
      createExecutionContext(),
    );

  it("production without its signing key or data encryption key, or with the test gateway, refuses with 503, naming none", async () => {
    const jwk = JSON.parse(env.JWT_PRIVATE_KEY!);
    const prodKey = JSON.stringify({ ...jwk, kid: "prod-2026-11" });
    for (const overrides of [
      { JWT_PRIVATE_KEY: undefined },
      { JWT_PRIVATE_KEY: prodKey, DATA_ENCRYPTION_KEY: undefined },
      { JWT_PRIVATE_KEY: prodKey, PAYMENT_GATEWAY: "test" },
      // Not yet given its address (a fresh workers.dev deploy), or given a plain-http or path-bearing one.
      { JWT_PRIVATE_KEY: prodKey, AUTH_ISSUER: "" },
      { JWT_PRIVATE_KEY: prodKey, AUTH_ISSUER: "http://api.example.test" },
      { JWT_PRIVATE_KEY: prodKey, AUTH_ISSUER: "https://api.example.test/" },
      // Derived vars changed by hand to disagree with the issuer (the deploy scripts refuse them too).
      { JWT_PRIVATE_KEY: prodKey, CONSOLE_ORIGIN: "https://console.other.test" },
      { JWT_PRIVATE_KEY: prodKey, WEBAUTHN_RP_ID: "other.test" },
      { JWT_PRIVATE_KEY: prodKey, MAIL_FROM: "Ops <ops@other.test>" },
    ]) {
      const res = await inProduction(overrides);
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text).error.code).toBe("SERVICE_UNAVAILABLE");
      expect(text).not.toMatch(
        /JWT|DATA_ENCRYPTION|private key|PAYMENT_GATEWAY|gateway|AUTH_ISSUER|WEBAUTHN|MAIL_FROM|CONSOLE/i,
      );
    }
    // With real keys it serves, with or without the derived vars (a parent domain is a valid RP id and sender).
    expect((await inProduction({ JWT_PRIVATE_KEY: prodKey })).status).toBe(200);
    const agreeing = {
      CONSOLE_ORIGIN: "https://api.example.test",
      WEBAUTHN_RP_ID: "example.test",
      MAIL_FROM: "Acme <no-reply@example.test>",
    };
    expect((await inProduction({ JWT_PRIVATE_KEY: prodKey, ...agreeing })).status).toBe(200);
  });

  it("production ignores WEBHOOK_ALLOW_PRIVATE_URLS (a test-only switch cannot open SSRF there)", async () => {
    const jwk = JSON.parse(env.JWT_PRIVATE_KEY!);
    const prodEnv = {
      ...env,
      ENVIRONMENT: "production",
      AUTH_ISSUER: "https://api.example.test",
      PAYMENT_GATEWAY: "stripe",
      JWT_PRIVATE_KEY: JSON.stringify({ ...jwk, kid: "prod-2026-11" }),
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    };
    const { token } = await issueAccessToken(testContext({ bindings: prodEnv as unknown as Bindings }), {
      userId: u.id,
      role: "user",
      tier: "basic",
      scopes: ["profile"],
      sid: crypto.randomUUID(),
      ttlSeconds: 600,
    });
    const res = await createApp().request(
      `${BASE}/v1/webhooks`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ url: "http://127.0.0.1:8080/x", events: ["session.completed"] }),
      },
      prodEnv,
      createExecutionContext(),
    );
    expect(res.status).toBe(422);
    expect(((await res.json()) as any).error.details.field).toBe("url");
  });
});
