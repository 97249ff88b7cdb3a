// POST /v1/auth/password/forgot. The rules every password follows, and each password operation as one commit: test/routes/auth/password.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser, uniqueEmail } from "../../support/factories";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { linkParam, mailbox, mailTo } from "../../support/mail";

const forgot = (email: string) => api("POST", "/v1/auth/password/forgot", { body: { email } });

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
