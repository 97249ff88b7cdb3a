import { describe, expect, it } from "vitest";
import { createSessionAnalysisClient } from "../../clients/typescript/src/index";
import { mailedVerificationTokenTo } from "./support/mail";
import { sharedServer } from "./support/shared-server";

// The README's walkthrough against a real `wrangler dev`, through the typed client
// a customer would use (clients/typescript): compile-time checked paths and bodies.
describe("README flow against wrangler dev", () => {
  const server = sharedServer();

  it("registers, logs in and reads /v1/users/me", async () => {
    const email = `readme.${Date.now()}@example.com`;
    const anonymous = createSessionAnalysisClient({ origin: server.url });
    const reg = await anonymous.POST("/auth/register", {
      body: { email, username: "ada", password: "correct-horse-42", tier: "basic", marketing_consent: false },
    });
    expect(reg.response.status).toBe(201);
    // The mailed token verifies the email, which grants the free credits (docs/decisions.md "Free credits").
    const verified = await anonymous.POST("/auth/email/verify", {
      body: { token: await mailedVerificationTokenTo(server.url, email) },
    });
    expect(verified.response.status).toBe(200);

    const login = await anonymous.POST("/auth/login", { body: { email, password: "correct-horse-42" } });
    expect(login.response.status).toBe(200);
    const signedIn = login.data!.data;
    // An account without a second factor gets tokens, not an MFA challenge.
    if ("mfa_required" in signedIn) throw new Error("unexpected MFA challenge");
    expect(signedIn.expires_in).toBe(86400);

    const api = createSessionAnalysisClient({ origin: server.url, token: signedIn.token });
    const me = await api.GET("/users/me");
    expect(me.response.status).toBe(200);
    expect(me.data?.success).toBe(true);
    expect(me.data?.data.email).toBe(email);
    expect(me.data?.data.credits).toBe(100);
    expect(me.response.headers.get("x-request-id")).toMatch(/^req_\d+$/);
  });

  it("a refused call comes back as the typed error envelope", async () => {
    const api = createSessionAnalysisClient({ origin: server.url, token: "not-a-token" });
    const me = await api.GET("/users/me");
    expect(me.response.status).toBe(401);
    expect(me.error?.error.code).toBe("TOKEN_INVALID");
  });
});
