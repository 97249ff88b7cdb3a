import { describe, expect, it } from "vitest";
import { registerUser } from "../support/factories";
import { api, appAt, expectErrorEnvelope, startOfMinuteWindow } from "../support/http";

/** The request id is the request path's first step (docs/architecture.md): every response carries it. */
describe("request id", () => {
  it("echoes a sane X-Request-Id and replaces an unsafe one with its own", async () => {
    const u = await registerUser();
    const echoed = await api("GET", "/v1/users/me", { token: u.token, headers: { "x-request-id": "trace-42.a:b" } });
    expect(echoed.status).toBe(200);
    expect(echoed.headers.get("x-request-id")).toBe("trace-42.a:b");
    const unsafe = await api("GET", "/v1/users/me", { token: u.token, headers: { "x-request-id": "<script>" } });
    expect(unsafe.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("is on every refusal, equal to the envelope's request_id: 400, 401, 404", async () => {
    const badVersion = await api("GET", "/v1/users/me", {
      headers: { "x-client-version": "yesterday", "x-request-id": "bad-version-1" },
    });
    expect(expectErrorEnvelope(badVersion, 400, "INVALID_FIELD_VALUE").request_id).toBe("bad-version-1");
    const anonymous = await api("GET", "/v1/users/me", { headers: { "x-request-id": "no-credential-1" } });
    expect(expectErrorEnvelope(anonymous, 401, "AUTHENTICATION_REQUIRED").request_id).toBe("no-credential-1");
    const badToken = await api("GET", "/v1/users/me", { token: "not-a-token" });
    expectErrorEnvelope(badToken, 401, "TOKEN_INVALID");
    expect(badToken.headers.get("x-request-id")).toMatch(/^req_/);
    const missing = await api("GET", "/v1/no-such-thing");
    expectErrorEnvelope(missing, 404, "ROUTE_NOT_FOUND");
  });

  it("is on a 429, which the rate limit answers before any route runs", async () => {
    const app = appAt(startOfMinuteWindow());
    const ip = "198.51.100.61";
    for (let i = 0; i < 60; i++) await app.api("GET", "/v1/users/me", { headers: { "cf-connecting-ip": ip } });
    const limited = await app.api("GET", "/v1/users/me", {
      headers: { "cf-connecting-ip": ip, "x-request-id": "flood-61" },
    });
    expect(expectErrorEnvelope(limited, 429, "RATE_LIMIT_EXCEEDED").request_id).toBe("flood-61");
  });
});
