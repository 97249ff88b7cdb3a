// Verifying the email address with the mailed token (and the mail's way out through the outbox).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EMAIL_VERIFICATION_TTL_MS, verifyEmail as verifyAt } from "../../../src/domain/identity/email-verification";
import { sha256Hex } from "../../../src/lib/crypto";
import { testContext } from "../../support/context";
import { mailedVerificationToken, verifyEmail } from "../../support/email";
import { PASSWORD, registerUser, uniqueEmail } from "../../support/factories";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { mailbox } from "../../support/mail";

const me = async (token: string) => (await api("GET", "/v1/users/me", { token })).body.data;

describe("POST /v1/auth/email/verify", () => {
  it("registration mails a single-use token; spending it marks the email verified", async () => {
    const email = uniqueEmail("verify");
    const reg = await api("POST", "/v1/auth/register", {
      body: { email, username: "vera", password: PASSWORD, tier: "basic", marketing_consent: false },
    });
    expect(reg.status).toBe(201);
    expect(reg.body.data.user.email_verified).toBe(false);
    const user = { id: reg.body.data.user.id as string };
    expect((await me(reg.body.data.token)).email_verified).toBe(false);

    const token = await mailedVerificationToken(user);
    expect(token).toMatch(/^sev_[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const stored = await env.DB.prepare("SELECT token_hash FROM email_verifications WHERE user_id = ?")
      .bind(user.id)
      .all<{ token_hash: string }>();
    expect(stored.results).toHaveLength(1);
    expect(JSON.stringify(stored.results)).not.toContain(token);

    const ok = await api("POST", "/v1/auth/email/verify", { body: { token } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ user_id: user.id, email_verified: true });
    expect((await me(reg.body.data.token)).email_verified).toBe(true);

    // Single use: the second spend is refused and changes nothing.
    const again = await api("POST", "/v1/auth/email/verify", { body: { token } });
    expect(expectErrorEnvelope(again, 400, "EMAIL_VERIFICATION_INVALID").details.reason).toBe("unknown");
  });
  it("refuses unknown and expired tokens with nothing changed", async () => {
    const unknown = await api("POST", "/v1/auth/email/verify", { body: { token: "sev_not-a-real-token" } });
    expectErrorEnvelope(unknown, 400, "EMAIL_VERIFICATION_INVALID");

    const user = await registerUser({}, { verified: false });
    const token = await mailedVerificationToken(user);
    const late = Date.now() + EMAIL_VERIFICATION_TTL_MS + 1000;
    await expect(verifyAt(testContext({ now: () => late }), token)).rejects.toMatchObject({
      code: "EMAIL_VERIFICATION_INVALID",
      details: { reason: "expired" },
    });
    expect((await me(user.token)).email_verified).toBe(false);
    // Still usable within its 24 hours.
    expect((await api("POST", "/v1/auth/email/verify", { body: { token } })).status).toBe(200);
  });
  it("the test helper verifies through the real mail", async () => {
    const user = await registerUser({}, { verified: false });
    await verifyEmail(user);
    expect((await me(user.token)).email_verified).toBe(true);
  });
  it("the mail goes through the outbox and is sent before the answer", async () => {
    const email = uniqueEmail("outbox");
    const reg = await api("POST", "/v1/auth/register", {
      body: { email, username: "otto", password: PASSWORD, tier: "basic", marketing_consent: false },
    });
    expect(reg.status).toBe(201);
    const rows = await env.DB.prepare("SELECT type, result, recipient FROM mail_outbox WHERE recipient_hash = ?")
      .bind(await sha256Hex(email))
      .all();
    expect(rows.results).toEqual([{ type: "email.verification", result: "sent", recipient: null }]);
    const [mail] = (await mailbox(email)).filter((m) => m.type === "email.verification");
    expect(mail!.subject).toBe("Verify your email address");
    expect(mail!.text).toContain(await mailedVerificationToken({ id: reg.body.data.user.id }));
  });
  it("without a mail service registration and resend answer 503 and change nothing (no silent drop)", async () => {
    const noMail = { MAIL_ADAPTER: "cloudflare", EMAIL: undefined };
    const email = uniqueEmail("nomail");
    const reg = await apiWithEnv(noMail, "POST", "/v1/auth/register", {
      body: { email, username: "nora", password: PASSWORD, tier: "basic", marketing_consent: false },
    });
    expectErrorEnvelope(reg, 503, "MAIL_SERVICE_UNAVAILABLE");
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()).toBeNull();

    const user = await registerUser({}, { verified: false });
    const before = await mailedVerificationToken(user);
    const resend = await apiWithEnv(noMail, "POST", "/v1/auth/email/verify/resend", { token: user.token });
    expectErrorEnvelope(resend, 503, "MAIL_SERVICE_UNAVAILABLE");
    // The pending token still works: nothing was replaced.
    expect((await api("POST", "/v1/auth/email/verify", { body: { token: before } })).status).toBe(200);
  });
});
