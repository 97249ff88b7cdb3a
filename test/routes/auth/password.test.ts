import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "../../../src/domain/identity/passwords";
import { PASSWORD, registerUser, uniqueEmail } from "../../support/factories";
import { failingD1, type StatementFault } from "../../support/faults";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { linkParam, mailbox, mailTo } from "../../support/mail";

const NEW_PASSWORD = "violet-lantern-73";

const forgot = (email: string) => api("POST", "/v1/auth/password/forgot", { body: { email } });
const reset = (token: string, new_password: string) =>
  api("POST", "/v1/auth/password/reset", { body: { token, new_password } });
const login = (email: string, password: string) => api("POST", "/v1/auth/login", { body: { email, password } });
const refresh = (refresh_token: string) => api("POST", "/v1/auth/refresh", { body: { refresh_token } });
const me = (token: string) => api("GET", "/v1/users/me", { token });

async function resetLink(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(202);
  return linkParam(await mailTo(email, "password.reset"), "token");
}

describe("POST /v1/auth/password/forgot", () => {
  it("answers the same for an account and for no account, and mails only the account a hashed, single-use link", async () => {
    const user = await registerUser();
    const nobody = uniqueEmail("nobody");
    const [a, b] = [await forgot(user.email.toUpperCase()), await forgot(nobody)];
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(a.body).toEqual(b.body);
    const mail = await mailTo(user.email, "password.reset");
    const token = linkParam(mail, "token");
    expect(token).toMatch(/^sapr_[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain("/reset-password?token=");
    const rows = await env.DB.prepare("SELECT * FROM account_tokens WHERE user_id = ?").bind(user.id).all();
    expect(JSON.stringify(rows.results)).not.toContain(token);
    expect(await mailbox(nobody)).toEqual([]);
  });

  it("refuses with 503 and stores nothing when no mail service is configured", async () => {
    const user = await registerUser();
    const res = await apiWithEnv({ MAIL_ADAPTER: "cloudflare", EMAIL: undefined }, "POST", "/v1/auth/password/forgot", {
      body: { email: user.email },
    });
    expectErrorEnvelope(res, 503, "MAIL_SERVICE_UNAVAILABLE");
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM account_tokens WHERE user_id = ?")
      .bind(user.id)
      .first("n");
    expect(n).toBe(0);
  });

  it("a malformed body is a 4xx envelope", async () => {
    expect((await api("POST", "/v1/auth/password/forgot", { body: {} })).status).toBe(422);
    expect(
      (await api("POST", "/v1/auth/password/forgot", { raw: "{", headers: { "content-type": "application/json" } }))
        .status,
    ).toBe(400);
  });
});

describe("POST /v1/auth/password/reset", () => {
  it("sets the password, ends every sign-in and refresh token, mails a notice; the link then is used", async () => {
    const user = await registerUser();
    const second = (await login(user.email, PASSWORD)).body.data;
    const token = await resetLink(user.email);
    const res = await reset(token, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(second.token)).status).toBe(401);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(401);
    expectErrorEnvelope(await login(user.email, PASSWORD), 401, "INVALID_CREDENTIALS");
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    const notice = await mailTo(user.email, "password.changed");
    expect(notice.subject).toBe("Your password was changed");
    const again = expectErrorEnvelope(await reset(token, "another-lantern-74"), 400, "ACCOUNT_LINK_INVALID");
    expect(again.details.reason).toBe("used_or_expired");
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses an unknown or expired token, and a weak or common password, changing nothing", async () => {
    const user = await registerUser();
    expectErrorEnvelope(await reset("sapr_unknown", NEW_PASSWORD), 400, "ACCOUNT_LINK_INVALID");
    const token = await resetLink(user.email);
    for (const weak of ["Password2026!", "qwerty12345", "1q2w3e4r5t6y", `${user.email.split("@")[0]}1`]) {
      const err = expectErrorEnvelope(await reset(token, weak), 422, "INVALID_FIELD_VALUE");
      expect(err.details.field).toBe("new_password");
    }
    expect((await reset(token, "short1")).status).toBe(422);
    // Nothing changed: the old password and sign-in still work, and the link is still good.
    expect((await me(user.token)).status).toBe(200);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    await env.DB.prepare("UPDATE account_tokens SET expires_at = ?2 WHERE user_id = ?1")
      .bind(user.id, new Date(Date.now() - 1000).toISOString())
      .run();
    expectErrorEnvelope(await reset(token, NEW_PASSWORD), 400, "ACCOUNT_LINK_INVALID");
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });
});

describe('each password operation is one commit (docs/architecture.md, "One unit of work")', () => {
  const MAIL_INSERT = /^INSERT INTO mail_outbox/;
  async function withFault(fault: StatementFault, method: string, path: string, body: unknown, token?: string) {
    const failing = failingD1(env.DB, fault);
    const res = await apiWithEnv({ DB: failing.db }, method, path, { body, token });
    expect(failing.failed, `no statement matched ${fault.match}`).toHaveLength(1);
    expectErrorEnvelope(res, 500, "DATABASE_ERROR");
  }
  const resetTokens = async (userId: string) =>
    (
      await env.DB.prepare("SELECT COUNT(*) AS n FROM account_tokens WHERE user_id = ? AND purpose = 'password_reset'")
        .bind(userId)
        .first<{ n: number }>()
    )?.n;

  it("forgot: a failed mail stores no link; reset: a failed notice leaves the password and the link as they were", async () => {
    const user = await registerUser();
    await withFault({ match: MAIL_INSERT }, "POST", "/v1/auth/password/forgot", { email: user.email });
    expect(await resetTokens(user.id)).toBe(0);
    const token = await resetLink(user.email);
    const body = { token, new_password: NEW_PASSWORD };
    await withFault({ match: MAIL_INSERT }, "POST", "/v1/auth/password/reset", body);
    // The last statement (ending the account's other links) fails after the password was set: it is not.
    await withFault({ match: /^UPDATE account_tokens SET used_at = \?3/ }, "POST", "/v1/auth/password/reset", body);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    expect((await me(user.token)).status).toBe(200);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("change: a failed notice or token cleanup leaves the current password", async () => {
    const user = await registerUser();
    const body = { current_password: PASSWORD, new_password: NEW_PASSWORD };
    await withFault({ match: MAIL_INSERT }, "PUT", "/v1/users/me/password", body, user.token);
    await withFault({ match: /^UPDATE account_tokens SET used_at/ }, "PUT", "/v1/users/me/password", body, user.token);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    expect((await mailbox(user.email)).map((m) => m.type)).not.toContain("password.changed");
  });
});

describe("PUT /v1/users/me/password", () => {
  const change = (token: string, current_password: string, new_password: string) =>
    api("PUT", "/v1/users/me/password", { token, body: { current_password, new_password } });

  it("with the current password: changes it, ends every sign-in, mails a notice", async () => {
    const user = await registerUser();
    const other = (await login(user.email, PASSWORD)).body.data;
    const res = await change(user.token, PASSWORD, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(other.token)).status).toBe(401);
    expect((await refresh(other.refresh_token)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await mailTo(user.email, "password.changed")).text).toContain("was changed");
  });

  it("a wrong current password, a weak or common new one, an API key: refused, nothing changed", async () => {
    const user = await registerUser();
    const err = expectErrorEnvelope(
      await change(user.token, "wrong-password-9", NEW_PASSWORD),
      401,
      "INVALID_CREDENTIALS",
    );
    expect(err.details.field).toBe("current_password");
    expectErrorEnvelope(await change(user.token, PASSWORD, "password12345"), 422, "INVALID_FIELD_VALUE");
    expectErrorEnvelope(await change(user.token, PASSWORD, PASSWORD), 422, "INVALID_FIELD_VALUE");
    expect((await change(user.token, PASSWORD, "")).status).toBe(422);
    const key = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "k", scopes: ["profile"] } });
    expect(key.status).toBe(201);
    const viaKey = await api("PUT", "/v1/users/me/password", {
      apiKey: key.body.data.key,
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect([401, 403]).toContain(viaKey.status);
    expect((await me(user.token)).status).toBe(200);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });
});

describe("common passwords (NIST SP 800-63B §5.1.1.2)", () => {
  it("refuses listed passwords and listed words padded with digits and symbols; allows others", () => {
    for (const p of ["password123", "PASSWORD123", "Welcome2026!", "1qaz2wsx3edc", "!!letmein2024"])
      expect(isCommonPassword(p)).toBe(true);
    for (const p of ["correct-horse-42", "violet-lantern-73", "tangerine-orbit-9"])
      expect(isCommonPassword(p)).toBe(false);
  });
});

describe("property: no refresh token issued before a reset works after it", () => {
  it("whatever the interleaving of resets, changes, refreshes and sign-ins", async () => {
    type Step = "reset" | "change" | "refresh" | "signin";
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Step>("reset", "change", "refresh", "signin"), { minLength: 1, maxLength: 6 }),
        async (steps) => {
          const user = await registerUser();
          let password = PASSWORD;
          let generation = 0;
          // Every refresh token ever held, with the password generation it was issued in.
          const held: Array<{ token: string; generation: number }> = [{ token: user.refreshToken, generation }];
          const latest = () => held[held.length - 1]!;
          for (const [i, step] of steps.entries()) {
            const next = `orbit-${generation + 1}-lantern-${i}`;
            // biome-ignore-start lint/nursery/noConditionalExpect: a model-based test: each command asserts its own outcome, and which command runs is the model's draw
            if (step === "reset") {
              await env.DB.prepare(
                "UPDATE account_tokens SET created_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?",
              )
                .bind(user.id)
                .run();
              const token = await resetLink(user.email);
              expect((await reset(token, next)).status).toBe(200);
              password = next;
              generation++;
            } else if (step === "change") {
              const session = (await login(user.email, password)).body.data;
              expect(
                (
                  await api("PUT", "/v1/users/me/password", {
                    token: session.token,
                    body: { current_password: password, new_password: next },
                  })
                ).status,
              ).toBe(200);
              password = next;
              generation++;
            } else if (step === "refresh") {
              const r = await refresh(latest().token);
              if (r.status === 200) held.push({ token: r.body.data.refresh_token, generation });
            } else {
              const s = await login(user.email, password);
              expect(s.status).toBe(200);
              held.push({ token: s.body.data.refresh_token, generation });
            }
            // biome-ignore-end lint/nursery/noConditionalExpect: a model-based test: each command asserts its own outcome, and which command runs is the model's draw
            for (const old of held.filter((h) => h.generation < generation))
              expect((await refresh(old.token)).status).toBe(401);
          }
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});
