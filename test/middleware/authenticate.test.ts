import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../src/http/app-env";
import { onError } from "../../src/http/on-error";
import { authenticate, requireScope } from "../../src/middleware/authenticate";
import { PASSWORD, registerUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";

/** A bare app with only authenticate() before a route that reports whom it sees. */
function probe() {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use("*", authenticate());
  app.get("/who", (c) => c.json({ user: c.get("principal")?.userId ?? null }));
  app.get("/private", requireScope([]), (c) => c.json({ user: c.get("principal").userId }));
  const call = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.request(path, { headers }, env, createExecutionContext());
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  };
  return { call };
}

describe("authenticate()", () => {
  it("sets the principal of a valid bearer token or API key header for what follows", async () => {
    const u = await registerUser();
    const { call } = probe();
    expect((await call("/who", { authorization: `Bearer ${u.token}` })).body).toEqual({ user: u.id });
  });

  it("refuses nothing: no credential, or a bad one, reaches the route with no principal", async () => {
    const { call } = probe();
    expect(await call("/who")).toMatchObject({ status: 200, body: { user: null } });
    expect(await call("/who", { authorization: "Bearer not-a-token" })).toMatchObject({
      status: 200,
      body: { user: null },
    });
    expect(await call("/who", { "x-api-key": "sk_live_nothing" })).toMatchObject({ status: 200, body: { user: null } });
  });

  it("a route behind a credential answers the refusal itself: 401 TOKEN_INVALID with its challenge", async () => {
    const { call } = probe();
    const refused = await call("/private", { authorization: "Bearer not-a-token" });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("TOKEN_INVALID");
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});

describe("authentication in the app", () => {
  it("a public route ignores a bad credential: sign-in with a stale Authorization header still signs in", async () => {
    const u = await registerUser();
    const res = await api("POST", "/v1/auth/login", {
      token: "stale-token",
      body: { email: u.email, password: PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  it("a protected route refuses a bad token (401) and a missing one (401 AUTHENTICATION_REQUIRED)", async () => {
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: "not-a-token" }), 401, "TOKEN_INVALID");
    const missing = await api("GET", "/v1/users/me");
    expectErrorEnvelope(missing, 401, "AUTHENTICATION_REQUIRED");
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="session-analysis"');
  });
});
