import { describe, expect, it } from "vitest";
import { registerUser } from "../support/factories";
import { api } from "../support/http";

describe("CORS on /v1", () => {
  it("answers a preflight from any origin, without credentials", async () => {
    const res = await api("OPTIONS", "/v1/users/me", {
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization,x-client-version",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("lets a browser read the request id, version and rate-limit headers", async () => {
    const u = await registerUser();
    const res = await api("GET", "/v1/users/me", { token: u.token, headers: { origin: "https://app.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = res.headers.get("access-control-expose-headers")!.toLowerCase();
    for (const h of ["x-request-id", "x-api-version", "ratelimit", "ratelimit-policy", "retry-after"])
      expect(exposed).toContain(h);
  });

  it("leaves the CORS headers off answers to requests without Origin, and a cacheable one varies on Origin", async () => {
    const u = await registerUser();
    const direct = await api("GET", "/v1/users/me", { token: u.token });
    expect(direct.status).toBe(200);
    expect(direct.headers.get("access-control-allow-origin")).toBeNull();
    expect(direct.headers.get("access-control-expose-headers")).toBeNull();
    const docs = await api("GET", "/v1/docs");
    expect(docs.headers.get("cache-control")).toContain("max-age");
    expect(docs.headers.get("vary")).toBe("Origin");
    const docsCrossOrigin = await api("GET", "/v1/docs", { headers: { origin: "https://app.example" } });
    expect(docsCrossOrigin.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("sets no cookies on /v1", async () => {
    const res = await api("POST", "/v1/auth/register", {
      body: {
        email: `cookie.${Date.now()}@example.com`,
        username: "c_user",
        password: "correct-horse-42",
        tier: "basic",
        marketing_consent: false,
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
