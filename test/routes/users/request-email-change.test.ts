import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FREE_CREDITS } from "../../../src/domain/billing/free-credits";
import { accountIdOf, accountRow, expectLedgerInvariant } from "../../support/billing";
import { PASSWORD, registerUser, uniqueEmail } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { linkParam, mailbox, mailTo } from "../../support/mail";

const request = (token: string, new_email: string, password = PASSWORD) =>
  api("POST", "/v1/users/me/email", { token, body: { new_email, password } });
const confirm = (token: string) => api("POST", "/v1/auth/email/change/confirm", { body: { token } });
const me = (token: string) => api("GET", "/v1/users/me", { token });
const login = (email: string) => api("POST", "/v1/auth/login", { body: { email, password: PASSWORD } });
const emailOf = async (id: string) =>
  (await env.DB.prepare("SELECT email, email_verified_at FROM users WHERE id = ?").bind(id).first<any>())!;

describe("email change", () => {
  it("mails a hashed single-use link to the new address and a notice to the old; changes only on confirmation", async () => {
    const user = await registerUser();
    const next = uniqueEmail("new");
    const res = await request(user.token, next.toUpperCase());
    expect(res.status).toBe(202);
    const mail = await mailTo(next, "email.change_confirm");
    expect(mail.html).toContain("/confirm-email?token=");
    const token = linkParam(mail, "token");
    expect(token).toMatch(/^sace_/);
    expect((await mailTo(user.email, "email.change_notice")).text).toContain(next);
    const stored = await env.DB.prepare("SELECT * FROM account_tokens WHERE user_id = ?").bind(user.id).all();
    expect(JSON.stringify(stored.results)).not.toContain(token);
    // Not yet: the account keeps its address and its sign-ins.
    expect((await emailOf(user.id)).email).toBe(user.email);
    expect((await login(user.email)).status).toBe(200);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    const row = await emailOf(user.id);
    expect(row.email).toBe(next);
    expect(row.email_verified_at).not.toBeNull();
    // Every sign-in ended; the new address signs in, the old one does not.
    expectErrorEnvelope(await me(user.token), 401, "TOKEN_INVALID");
    expect((await api("POST", "/v1/auth/refresh", { body: { refresh_token: user.refreshToken } })).status).toBe(401);
    expectErrorEnvelope(await login(user.email), 401, "INVALID_CREDENTIALS");
    expect((await login(next)).status).toBe(200);
    expect((await mailTo(user.email, "email.changed")).text).toContain(next);
    // Used: refused the second time.
    const again = expectErrorEnvelope(await confirm(token), 400, "ACCOUNT_LINK_INVALID");
    expect(again.details.reason).toBe("used_or_expired");
  });

  it("a wrong password, a taken address, an API key: refused, nothing mailed, nothing changed", async () => {
    const user = await registerUser();
    const other = await registerUser();
    const next = uniqueEmail("new");
    const wrong = expectErrorEnvelope(await request(user.token, next, "wrong-password-99"), 401, "INVALID_CREDENTIALS");
    expect(wrong.details.field).toBe("password");
    expect(await mailbox(next)).toEqual([]);
    const taken = expectErrorEnvelope(await request(user.token, other.email), 409, "EMAIL_ALREADY_REGISTERED");
    expect(taken.details.field).toBe("new_email");
    expect((await mailbox(other.email)).filter((m) => m.type?.startsWith("email.change"))).toEqual([]);
    const key = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "k", scopes: ["profile"] } });
    expectErrorEnvelope(
      await api("POST", "/v1/users/me/email", {
        apiKey: key.body.data.key,
        body: { new_email: next, password: PASSWORD },
      }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expect((await request(user.token, "not-an-email")).status).toBe(422);
    expect((await emailOf(user.id)).email).toBe(user.email);
  });

  it("an unknown or expired link, or an address taken before confirmation, changes nothing", async () => {
    expectErrorEnvelope(await confirm("sace_unknown"), 400, "ACCOUNT_LINK_INVALID");
    const user = await registerUser();
    const next = uniqueEmail("new");
    expect((await request(user.token, next)).status).toBe(202);
    const token = linkParam(await mailTo(next, "email.change_confirm"), "token");
    await env.DB.prepare("UPDATE account_tokens SET expires_at = ? WHERE user_id = ? AND purpose = 'email_change'")
      .bind(new Date(Date.now() - 1000).toISOString(), user.id)
      .run();
    expectErrorEnvelope(await confirm(token), 400, "ACCOUNT_LINK_INVALID");
    expect((await emailOf(user.id)).email).toBe(user.email);

    const later = uniqueEmail("later");
    expect((await request(user.token, later)).status).toBe(202);
    const second = linkParam(await mailTo(later, "email.change_confirm"), "token");
    // Someone registers the address first: the confirmation is refused and the account unchanged.
    await registerUser({ email: later });
    expectErrorEnvelope(await confirm(second), 409, "EMAIL_ALREADY_REGISTERED");
    expect((await emailOf(user.id)).email).toBe(user.email);
    expect((await me(user.token)).status).toBe(200);
  });

  it("a first verification through a change gives what verifying gives, once; a verified account's change gives nothing", async () => {
    // Registered with a paid tier, never verified: the free plan, no credits, the trial waiting.
    const unverified = await registerUser({ tier: "professional" }, { verified: false });
    const accountId = await accountIdOf(unverified.id);
    expect(await accountRow(accountId)).toMatchObject({ tier: "basic", trial_tier: "professional" });
    const next = uniqueEmail("first");
    expect((await request(unverified.token, next)).status).toBe(202);
    expect((await confirm(linkParam(await mailTo(next, "email.change_confirm"), "token"))).status).toBe(200);
    expect(await accountRow(accountId)).toMatchObject({ tier: "professional", status: "trialing", trial_tier: null });
    const signedIn = (await login(next)).body.data.token as string;
    expect((await me(signedIn)).body.data.credits).toBe(FREE_CREDITS);
    expect(await expectLedgerInvariant(accountId)).toBe(FREE_CREDITS);

    // The abuse: change address again and again to claim once per address. Nothing more is granted.
    const later = uniqueEmail("again");
    expect((await request(signedIn, later)).status).toBe(202);
    expect((await confirm(linkParam(await mailTo(later, "email.change_confirm"), "token"))).status).toBe(200);
    const again = (await login(later)).body.data.token as string;
    expect((await me(again)).body.data.credits).toBe(FREE_CREDITS);
    expect(await expectLedgerInvariant(accountId)).toBe(FREE_CREDITS);
    expect((await accountRow(accountId)).status).toBe("trialing");
  });
});
