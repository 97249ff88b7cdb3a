import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { onError } from "../../src/http/on-error";
import { requestId } from "../../src/middleware/request-id";
import { registerUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";

describe("envelope and errors", () => {
  it("wraps success in {success, data, message}", async () => {
    const res = await api("POST", "/v1/auth/register", {
      body: {
        email: `env.${Date.now()}@example.com`,
        username: "env_user",
        password: "correct-horse-42",
        tier: "basic",
        marketing_consent: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.data.user.id).toMatch(/^user_\d+$/);
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("answers an unknown route with a 404 envelope", async () => {
    const err = expectErrorEnvelope(await api("GET", "/v1/no-such-thing"), 404, "ROUTE_NOT_FOUND");
    expect(err.details).toMatchObject({ method: "GET", path: "/v1/no-such-thing" });
    // Outside /v1 an unknown path is a 404 envelope too, unless a browser navigates to a console page.
    expectErrorEnvelope(await api("GET", "/no-such-thing"), 404, "ROUTE_NOT_FOUND");
  });

  it("answers malformed JSON with 400 INVALID_REQUEST_BODY", async () => {
    const res = await api("POST", "/v1/auth/login", {
      raw: '{"email": "a@b.c", ',
      headers: { "content-type": "application/json" },
    });
    expectErrorEnvelope(res, 400, "INVALID_REQUEST_BODY");
  });

  it("answers a non-JSON content type with 400 INVALID_REQUEST_BODY", async () => {
    const res = await api("POST", "/v1/auth/login", {
      raw: "email=a@b.c&password=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectErrorEnvelope(res, 400, "INVALID_REQUEST_BODY");
    const noType = await api("POST", "/v1/auth/login", {
      raw: '{"email":"a@b.c","password":"x"}',
      headers: { "content-type": "" },
    });
    expect([400, 401]).toContain(noType.status);
    expect(noType.body.success).toBe(false);
  });

  it("refuses a body over 64 KiB before parsing, with 413 PAYLOAD_TOO_LARGE", async () => {
    const big = JSON.stringify({ email: "a@b.c", password: "x".repeat(70 * 1024) });
    expectErrorEnvelope(
      await api("POST", "/v1/auth/login", { raw: big, headers: { "content-type": "application/json" } }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
  });

  it("answers an empty body on a JSON route with a 4xx, never a 500", async () => {
    const res = await api("POST", "/v1/auth/register", { raw: "", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_REQUEST_BODY");
  });

  it("answers a JSON body that is not an object with 422", async () => {
    const res = await api("POST", "/v1/auth/register", {
      raw: "[1,2,3]",
      headers: { "content-type": "application/json" },
    });
    expectErrorEnvelope(res, 422, "INVALID_FIELD_VALUE");
  });

  it("renders an unexpected exception as a generic 500 without internals", async () => {
    const app = new Hono();
    app.use("*", requestId());
    app.onError(onError);
    app.get("/boom", () => {
      throw new Error("secret internal detail: db password=hunter2");
    });
    const res = await app.request("/boom");
    expect(res.status).toBe(500);
    const body = (await res.json()) as any;
    expect(body.error.code).toBe("INTERNAL_SERVER_ERROR");
    expect(JSON.stringify(body)).not.toContain("hunter2");
    expect(JSON.stringify(body)).not.toContain("at ");
    expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
  });
});

describe("X-Request-Id", () => {
  it("generates req_<digits> when none is sent, on success and error alike", async () => {
    const res = await api("GET", "/v1/users/me");
    expect(res.headers.get("x-request-id")).toMatch(/^req_\d+$/);
    expect(res.body.error.request_id).toBe(res.headers.get("x-request-id"));
  });

  it("honours a sane client id and replaces an unsafe one", async () => {
    const sane = await api("GET", "/v1/users/me", { headers: { "x-request-id": "client-abc_123.4" } });
    expect(sane.headers.get("x-request-id")).toBe("client-abc_123.4");
    expect(sane.body.error.request_id).toBe("client-abc_123.4");
    for (const bad of ["<script>", "a".repeat(200), "has space", "new\\nline"]) {
      const res = await api("GET", "/v1/users/me", { headers: { "x-request-id": bad } });
      expect(res.headers.get("x-request-id")).toMatch(/^req_\d+$/);
    }
  });
});

describe("X-Client-Version", () => {
  it("reports the served API version", async () => {
    const u = await registerUser();
    const res = await api("GET", "/v1/users/me", { token: u.token });
    expect(res.headers.get("x-api-version")).toBe("2026-11-01");
  });

  it("resolves a date to the newest version released on or before it", async () => {
    const u = await registerUser();
    for (const date of ["2030-01-01", "2026-11-01", "2020-05-05"]) {
      const res = await api("GET", "/v1/users/me", { token: u.token, headers: { "x-client-version": date } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-api-version")).toBe("2026-11-01");
    }
  });

  it("refuses a malformed value with 400 INVALID_FIELD_VALUE", async () => {
    for (const bad of ["yesterday", "2026-13-01", "2026-02-30", "2026/11/01", "1"]) {
      const res = await api("GET", "/v1/users/me", { headers: { "x-client-version": bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("INVALID_FIELD_VALUE");
      expect(res.body.error.details.field).toBe("X-Client-Version");
    }
  });
});

describe("security headers", () => {
  it("sends nosniff, a deny-all CSP and no-store on API responses", async () => {
    const res = await api("GET", "/v1/users/me");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
