// The rules every password follows (NIST SP 800-63B §5.1.1.2) and each password operation as one commit;
// the operations themselves: password-forgot, password-reset and test/routes/users/put-password.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "../../../src/domain/identity/passwords";
import { PASSWORD, registerUser } from "../../support/factories";
import { failingD1, type StatementFault } from "../../support/faults";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { linkParam, mailbox, mailTo } from "../../support/mail";

const NEW_PASSWORD = "violet-lantern-73";

const forgot = (email: string) => api("POST", "/v1/auth/password/forgot", { body: { email } });
const reset = (token: string, new_password: string) =>
  api("POST", "/v1/auth/password/reset", { body: { token, new_password } });
const login = (email: string, password: string) => api("POST", "/v1/auth/login", { body: { email, password } });
const me = (token: string) => api("GET", "/v1/users/me", { token });

async function resetLink(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(202);
  return linkParam(await mailTo(email, "password.reset"), "token");
}

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

describe("common passwords (NIST SP 800-63B §5.1.1.2)", () => {
  it("refuses listed passwords and listed words padded with digits and symbols; allows others", () => {
    for (const p of ["password123", "PASSWORD123", "Welcome2026!", "1qaz2wsx3edc", "!!letmein2024"])
      expect(isCommonPassword(p)).toBe(true);
    for (const p of ["correct-horse-42", "violet-lantern-73", "tangerine-orbit-9"])
      expect(isCommonPassword(p)).toBe(false);
  });
});
