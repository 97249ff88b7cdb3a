import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { configOf } from "../../../src/context/config";
import { signingKeys } from "../../../src/domain/identity/signing-keys";
import { testConfig } from "../../support/context";
import { apiWithEnv } from "../../support/http";

const call = (overrides: Record<string, unknown>) => apiWithEnv(overrides, "GET", "/v1/users/me");

describe("signing key configuration", () => {
  it("production without JWT_PRIVATE_KEY refuses every request with 503 SERVICE_UNAVAILABLE", async () => {
    const res = await call({ ENVIRONMENT: "production", JWT_PRIVATE_KEY: undefined });
    expect(res.status).toBe(503);
    const body = res.body;
    expect(body.error.code).toBe("SERVICE_UNAVAILABLE");
    expect(JSON.stringify(body)).not.toContain("JWT");
  });

  it("production refuses a development key (kid dev-*)", async () => {
    const res = await call({ ENVIRONMENT: "production" });
    expect(res.status).toBe(503);
  });

  it("production accepts a real key", async () => {
    const jwk = JSON.parse(env.JWT_PRIVATE_KEY!);
    const res = await call({
      ENVIRONMENT: "production",
      AUTH_ISSUER: "https://api.example.test",
      PAYMENT_GATEWAY: "stripe",
      JWT_PRIVATE_KEY: JSON.stringify({ ...jwk, kid: "prod-2026-11" }),
    });
    expect(res.status).toBe(401); // reaches authentication: no credentials sent
  });

  it("development without a key generates an ephemeral one, once per isolate", async () => {
    const a = await signingKeys(testConfig({ ENVIRONMENT: "development" }));
    const b = await signingKeys(testConfig({ ENVIRONMENT: "development" }));
    expect(a.kid).toMatch(/^dev-ephemeral-/);
    expect(b).toBe(a);
    // Switch back so the shared cache holds the configured key again.
    await signingKeys(configOf(env));
  });
});
