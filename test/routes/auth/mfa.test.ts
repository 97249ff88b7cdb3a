import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser, type TestUser } from "../../support/factories";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { mailbox } from "../../support/mail";
import { codeAt, enrolledUser } from "../../support/mfa";
import { totpAt } from "../../support/totp";

async function challengeFor(user: TestUser) {
  const res = await api("POST", "/v1/auth/login", { body: { email: user.email, password: PASSWORD } });
  expect(res.status).toBe(200);
  expect(res.body.data.token).toBeUndefined();
  expect(res.body.data.mfa_required).toBe(true);
  return res.body.data as { challenge: string; expires_in: number; factors: string[] };
}

describe("the tests' own RFC 6238", () => {
  it("reproduces RFC 6238 Appendix B (SHA-1)", async () => {
    const key = new TextEncoder().encode("12345678901234567890");
    for (const [t, code] of [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ] as const)
      expect(await totpAt(key, t, 8)).toBe(code);
  });
});

describe("authenticator app enrolment", () => {
  it("shows the secret once as an otpauth URI and an SVG QR code, sealed at rest", async () => {
    const user = await registerUser();
    const res = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
    expect(res.status).toBe(201);
    expect(res.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+.*/);
    expect(res.body.data.otpauth_uri).toContain("algorithm=SHA1");
    expect(res.body.data.qr_svg).toMatch(/^<svg/);
    const row = await env.DB.prepare("SELECT secret_sealed FROM mfa_totp WHERE user_id = ?")
      .bind(user.id)
      .first<{ secret_sealed: string }>();
    expect(row!.secret_sealed).toMatch(/^v1\./);
    expect(row!.secret_sealed).not.toContain(res.body.data.secret);
    // Not a factor until confirmed: sign-in still answers tokens.
    const login = await api("POST", "/v1/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(login.body.data.token).toEqual(expect.any(String));
    const status = await api("GET", "/v1/users/me/mfa", { token: user.token });
    expect(status.body.data).toEqual({ enabled: false, totp: false, passkeys: 0, recovery_codes_remaining: 0 });
  });

  it("refuses a wrong first code and confirms with a right one, handing out 10 recovery codes once", async () => {
    const user = await registerUser();
    const enrol = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
    const wrong = await api("POST", "/v1/users/me/mfa/totp/confirm", { token: user.token, body: { code: "000000" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("MFA_CODE_INVALID");
    const ok = await api("POST", "/v1/users/me/mfa/totp/confirm", {
      token: user.token,
      body: { code: await codeAt(enrol.body.data.secret) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.recovery_codes).toHaveLength(10);
    expect(new Set(ok.body.data.recovery_codes).size).toBe(10);
    const stored = await env.DB.prepare("SELECT code_hash FROM mfa_recovery_codes WHERE user_id = ?")
      .bind(user.id)
      .all<{ code_hash: string }>();
    expect(stored.results).toHaveLength(10);
    for (const r of stored.results) expect(ok.body.data.recovery_codes).not.toContain(r.code_hash);
    const status = await api("GET", "/v1/users/me/mfa", { token: user.token });
    expect(status.body.data).toEqual({ enabled: true, totp: true, passkeys: 0, recovery_codes_remaining: 10 });
    // A second enrolment cannot overwrite the confirmed secret.
    const again = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("MFA_ALREADY_ENROLLED");
  });
});

describe("sign-in with a second factor", () => {
  it("answers a challenge instead of tokens, then tokens for a valid code", async () => {
    const user = await enrolledUser();
    const ch = await challengeFor(user);
    expect(ch.factors).toEqual(["totp", "recovery_code"]);
    expect(ch.expires_in).toBe(300);
    const res = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: ch.challenge, code: await codeAt(user.secret) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.token_type).toBe("Bearer");
    const me = await api("GET", "/v1/users/me", { token: res.body.data.token });
    expect(me.body.data.id).toBe(user.id);
  });

  it("refuses a replayed code (accepted once within its window)", async () => {
    const user = await enrolledUser();
    const code = await codeAt(user.secret);
    const first = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: (await challengeFor(user)).challenge, code },
    });
    expect(first.status).toBe(200);
    const replay = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: (await challengeFor(user)).challenge, code },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe("MFA_CODE_INVALID");
    expect(replay.body.data).toBeUndefined();
  });

  it("refuses a code from two windows ago (skew is ±1 step)", async () => {
    const user = await enrolledUser();
    const ch = await challengeFor(user);
    const res = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: ch.challenge, code: await codeAt(user.secret, -2) },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("MFA_CODE_INVALID");
  });

  it("refuses a challenge used twice", async () => {
    const user = await enrolledUser();
    const ch = await challengeFor(user);
    const first = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: ch.challenge, recovery_code: user.recoveryCodes[0] },
    });
    expect(first.status).toBe(200);
    const second = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: ch.challenge, recovery_code: user.recoveryCodes[1] },
    });
    expect(second.status).toBe(401);
    expect(second.body.error.code).toBe("MFA_CHALLENGE_INVALID");
    // The refused attempt spent nothing: the second recovery code still works.
    const status = await api("GET", "/v1/users/me/mfa", { token: first.body.data.token });
    expect(status.body.data.recovery_codes_remaining).toBe(9);
  });

  it("refuses an expired challenge", async () => {
    const user = await enrolledUser();
    const ch = await challengeFor(user);
    await env.DB.prepare("UPDATE mfa_challenges SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, user.id)
      .run();
    const res = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: ch.challenge, code: await codeAt(user.secret) },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("MFA_CHALLENGE_INVALID");
  });

  it("kills a challenge after five wrong codes", async () => {
    const user = await enrolledUser();
    const ch = await challengeFor(user);
    const ip = "198.51.100.77";
    for (let i = 0; i < 5; i++) {
      const wrong = await api("POST", "/v1/auth/mfa/verify", {
        body: { challenge: ch.challenge, code: "000000" },
        headers: { "cf-connecting-ip": `198.51.100.${i + 1}` },
      });
      expect(wrong.body.error.code).toBe("MFA_CODE_INVALID");
    }
    const right = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: ch.challenge, code: await codeAt(user.secret) },
      headers: { "cf-connecting-ip": ip },
    });
    expect(right.status).toBe(401);
    expect(right.body.error.code).toBe("MFA_CHALLENGE_INVALID");
  });

  it("spends a recovery code once", async () => {
    const user = await enrolledUser();
    const code = user.recoveryCodes[3]!;
    const first = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: (await challengeFor(user)).challenge, recovery_code: code.toUpperCase() },
    });
    expect(first.status).toBe(200);
    const reuse = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: (await challengeFor(user)).challenge, recovery_code: code },
    });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe("MFA_CODE_INVALID");
  });
});

/** Confirming the app counted as a check; move it past the 10-minute window. */
const ageChecks = (userId: string) =>
  env.DB.prepare("UPDATE mfa_checks SET verified_at = ? WHERE user_id = ?")
    .bind(Date.now() - 11 * 60 * 1000, userId)
    .run();

describe("step-up", () => {
  it("regenerating recovery codes needs a recent check; the old set then stops working", async () => {
    const user = await enrolledUser();
    await ageChecks(user.id);
    const refused = await api("POST", "/v1/users/me/mfa/recovery-codes", { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("MFA_REQUIRED");
    expect(refused.body.data).toBeUndefined();
    const up = await api("POST", "/v1/auth/mfa/step-up", {
      token: user.token,
      body: { code: await codeAt(user.secret) },
    });
    expect(up.status).toBe(200);
    const fresh = await api("POST", "/v1/users/me/mfa/recovery-codes", { token: user.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.recovery_codes).toHaveLength(10);
    const old = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: (await challengeFor(user)).challenge, recovery_code: user.recoveryCodes[0] },
    });
    expect(old.body.error.code).toBe("MFA_CODE_INVALID");
  });

  it("refuses a check older than the window", async () => {
    const user = await enrolledUser();
    const up = await api("POST", "/v1/auth/mfa/step-up", {
      token: user.token,
      body: { code: await codeAt(user.secret) },
    });
    expect(up.status).toBe(200);
    await ageChecks(user.id);
    const res = await api("DELETE", "/v1/users/me/mfa/totp", { token: user.token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("MFA_REQUIRED");
    const status = await api("GET", "/v1/users/me/mfa", { token: user.token });
    expect(status.body.data.totp).toBe(true);
  });

  it("a wrong step-up code records nothing", async () => {
    const user = await enrolledUser();
    await ageChecks(user.id);
    const up = await api("POST", "/v1/auth/mfa/step-up", { token: user.token, body: { code: "000000" } });
    expect(up.status).toBe(401);
    const res = await api("POST", "/v1/users/me/mfa/recovery-codes", { token: user.token });
    expect(res.body.error.code).toBe("MFA_REQUIRED");
  });
});

describe("factor changes are announced", () => {
  it("lands in the audit log of each organization the holder belongs to", async () => {
    const user = await registerUser();
    const org = await api("POST", "/v1/organizations", { token: user.token, body: { name: "Acme MFA" } });
    expect(org.status).toBe(201);
    const enrol = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
    const confirm = await api("POST", "/v1/users/me/mfa/totp/confirm", {
      token: user.token,
      body: { code: await codeAt(enrol.body.data.secret) },
    });
    expect(confirm.status).toBe(200);
    const rows = await env.DB.prepare(
      "SELECT action, target_id FROM audit_log WHERE organization_id = ? AND action LIKE 'mfa.%'",
    )
      .bind(org.body.data.id)
      .all();
    expect(rows.results).toEqual([{ action: "mfa.factor_added", target_id: user.id }]);
  });
});

describe("factor change notices", () => {
  it("mails the holder through the outbox: one notice per change, with the request that made it", async () => {
    const user = await enrolledUser();
    const notices = (await mailbox(user.email)).filter((m) => m.type === "mfa.changed");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe("Your sign-in security changed");
    expect(notices[0]!.text).toContain("An authenticator app was added");
    const record = await env.DB.prepare("SELECT result, recipient FROM mail_outbox WHERE id = ?")
      .bind(notices[0]!.id)
      .first<{ result: string; recipient: string | null }>();
    // Sent, and reduced to the delivery record (the address erased).
    expect(record).toEqual({ result: "sent", recipient: null });
  });

  it("without a mail service a factor is neither added nor removed (503), so no change goes unannounced", async () => {
    const noMail = { MAIL_ADAPTER: "cloudflare", EMAIL: undefined };
    const fresh = await registerUser();
    const enrol = await api("POST", "/v1/users/me/mfa/totp", { token: fresh.token });
    const confirm = await apiWithEnv(noMail, "POST", "/v1/users/me/mfa/totp/confirm", {
      token: fresh.token,
      body: { code: await codeAt(enrol.body.data.secret, -1) },
    });
    expectErrorEnvelope(confirm, 503, "MAIL_SERVICE_UNAVAILABLE");
    const pending = await env.DB.prepare("SELECT confirmed_at FROM mfa_totp WHERE user_id = ?")
      .bind(fresh.id)
      .first<{ confirmed_at: string | null }>();
    expect(pending).toEqual({ confirmed_at: null });

    const user = await enrolledUser();
    await api("POST", "/v1/auth/mfa/step-up", { token: user.token, body: { recovery_code: user.recoveryCodes[0] } });
    const removal = await apiWithEnv(noMail, "DELETE", "/v1/users/me/mfa/totp", { token: user.token });
    expectErrorEnvelope(removal, 503, "MAIL_SERVICE_UNAVAILABLE");
    const still = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM mfa_totp WHERE user_id = ? AND confirmed_at IS NOT NULL",
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(still!.n).toBe(1);
  });
});

describe("sensitive operations need a recent check", () => {
  it("creating an API key: 403 MFA_REQUIRED and no key, then created after a step-up", async () => {
    const user = await enrolledUser();
    await ageChecks(user.id);
    const refused = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "ci", scopes: ["profile"] } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("MFA_REQUIRED");
    const keys = await env.DB.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(keys!.n).toBe(0);
    await api("POST", "/v1/auth/mfa/step-up", { token: user.token, body: { recovery_code: user.recoveryCodes[0] } });
    const created = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "ci", scopes: ["profile"] } });
    expect(created.status).toBe(201);
  });

  it("an account without a second factor is not asked", async () => {
    const user = await registerUser();
    const created = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "ci", scopes: ["profile"] } });
    expect(created.status).toBe(201);
  });
});
