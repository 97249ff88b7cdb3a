// Resending the verification mail. Registration's mail and spending its token: verify-email.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mailedVerificationToken } from "../../support/email";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

describe("POST /v1/auth/email/verify/resend", () => {
  it("resend replaces the token (the old one stops working), at most once a minute, and not once verified", async () => {
    const user = await registerUser({}, { verified: false });
    const first = await mailedVerificationToken(user);
    // The registration's mail was just sent: a resend now is throttled.
    const tooSoon = await api("POST", "/v1/auth/email/verify/resend", { token: user.token });
    const err = expectErrorEnvelope(tooSoon, 429, "RATE_LIMIT_EXCEEDED");
    expect(Number(tooSoon.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(err.details.retry_after).toBeGreaterThan(0);

    // A minute later (the mail's time moved back rather than waiting).
    await env.DB.prepare("UPDATE email_verifications SET created_at = ? WHERE user_id = ?")
      .bind(new Date(Date.now() - 61_000).toISOString(), user.id)
      .run();
    const resent = await api("POST", "/v1/auth/email/verify/resend", { token: user.token });
    expect(resent.status).toBe(200);
    expect(resent.body.data.email_sent).toBe(true);
    const second = await mailedVerificationToken(user);
    expect(second).not.toBe(first);
    expectErrorEnvelope(
      await api("POST", "/v1/auth/email/verify", { body: { token: first } }),
      400,
      "EMAIL_VERIFICATION_INVALID",
    );
    expect((await api("POST", "/v1/auth/email/verify", { body: { token: second } })).status).toBe(200);

    const done = await api("POST", "/v1/auth/email/verify/resend", { token: user.token });
    expectErrorEnvelope(done, 409, "EMAIL_ALREADY_VERIFIED");
  });
  it("resend needs a signed-in account", async () => {
    expectErrorEnvelope(await api("POST", "/v1/auth/email/verify/resend"), 401, "AUTHENTICATION_REQUIRED");
  });
});
