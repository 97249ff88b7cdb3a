import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mailedVerificationToken } from "../../support/email";
import { PASSWORD, registerUser, type TestUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { addMember, createOrganization, openLive } from "../../support/organizations";
import { heldSession } from "../../support/sessions";
import { totpFromSecret } from "../../support/totp";

const del = (credential: { token?: string; apiKey?: string }, password?: string) =>
  api("DELETE", "/v1/users/me", { ...credential, body: password === undefined ? {} : { password } });
const me = (token: string) => api("GET", "/v1/users/me", { token });
const login = (email: string, password = PASSWORD) => api("POST", "/v1/auth/login", { body: { email, password } });
const userRow = (id: string) => env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<any>();

async function apiKeyOf(user: TestUser) {
  const res = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "k", scopes: ["profile"] } });
  expect(res.status).toBe(201);
  return res.body.data.key as string;
}

describe("DELETE /v1/users/me", () => {
  it("without the password, or with a wrong one, deletes nothing", async () => {
    const user = await registerUser();
    expect((await del({ token: user.token })).status).toBe(422);
    const wrong = expectErrorEnvelope(
      await del({ token: user.token }, "not-my-password-1"),
      401,
      "INVALID_CREDENTIALS",
    );
    expect(wrong.details.field).toBe("password");
    expect((await me(user.token)).status).toBe(200);
    expect((await login(user.email)).status).toBe(200);
    expect((await userRow(user.id)).deleted_at).toBeNull();
  });

  it("a stolen API key or an unauthenticated call cannot delete the account", async () => {
    const victim = await registerUser();
    const key = await apiKeyOf(victim);
    const err = expectErrorEnvelope(await del({ apiKey: key }, PASSWORD), 403, "INSUFFICIENT_PERMISSIONS");
    expect(err.details.reason).toBe("sign_in_required");
    expectErrorEnvelope(await del({}, PASSWORD), 401, "AUTHENTICATION_REQUIRED");
    // Another person's token deletes only that person, never the victim.
    const attacker = await registerUser();
    expect((await del({ token: attacker.token }, PASSWORD)).status).toBe(200);
    expect((await me(victim.token)).status).toBe(200);
    expect((await userRow(victim.id)).deleted_at).toBeNull();
    expect((await userRow(attacker.id)).deleted_at).not.toBeNull();
  });

  it("erases personal data, revokes every token, key and sign-in, closes sockets; the ledger stays", async () => {
    const user = await registerUser();
    const other = (await login(user.email)).body.data;
    const key = await apiKeyOf(user);
    const s = await heldSession(user.token);
    const live = await openLive(s.id, other.token);
    const ledgerBefore = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM credit_ledger l JOIN billing_accounts a ON a.id = l.account_id WHERE a.owner_id = ?",
    )
      .bind(user.id)
      .first<number>("n");
    const res = await del({ token: user.token }, PASSWORD);
    expect(res.status).toBe(200);
    expect((await live.closed).code).toBe(1008);
    expectErrorEnvelope(await me(user.token), 401, "TOKEN_INVALID");
    expectErrorEnvelope(await me(other.token), 401, "TOKEN_INVALID");
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: key }), 401, "TOKEN_INVALID");
    for (const rt of [user.refreshToken, other.refresh_token])
      expect((await api("POST", "/v1/auth/refresh", { body: { refresh_token: rt } })).status).toBe(401);
    expectErrorEnvelope(await login(user.email), 401, "INVALID_CREDENTIALS");
    const row = await userRow(user.id);
    expect(row.email).toBe(`deleted+${user.id}@deleted.invalid`);
    expect(row.username).toBe("deleted-user");
    expect(row.country).toBe("unknown");
    expect(row.last_login).toBeNull();
    expect(row.deleted_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(user.email);
    const tokens = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ? AND (revoked_at IS NULL OR client IS NOT NULL OR country IS NOT NULL)",
    )
      .bind(user.id)
      .first<number>("n");
    expect(tokens).toBe(0);
    const ledgerAfter = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM credit_ledger l JOIN billing_accounts a ON a.id = l.account_id WHERE a.owner_id = ?",
    )
      .bind(user.id)
      .first<number>("n");
    // Kept, plus one refund: the held session was cancelled (delete-me-erasure.test.ts).
    expect(ledgerAfter).toBe((ledgerBefore ?? 0) + 1);
  });

  it("is refused while the caller is an organization's only owner, naming it; allowed once another owns it", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner, "Orphan Risk Ltd");
    const err = expectErrorEnvelope(await del({ token: owner.token }, PASSWORD), 409, "LAST_OWNER");
    expect(err.details.organizations).toEqual([{ id: orgId, name: "Orphan Risk Ltd" }]);
    expect(err.message).toContain("Orphan Risk Ltd");
    expect((await me(owner.token)).status).toBe(200);
    const second = await addMember(owner, orgId, "owner");
    expect((await del({ token: owner.token }, PASSWORD)).status).toBe(200);
    const members = await api("GET", `/v1/organizations/${orgId}/members`, { token: second.token });
    expect(members.status).toBe(200);
    expect(JSON.stringify(members.body.data)).not.toContain(owner.id);
  });

  it("an account with a second factor also needs a recent step-up", async () => {
    const user = await registerUser();
    const enrol = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
    const secret = enrol.body.data.secret as string;
    const now = Math.floor(Date.now() / 1000);
    const confirm = await api("POST", "/v1/users/me/mfa/totp/confirm", {
      token: user.token,
      body: { code: await totpFromSecret(secret, now - 30) },
    });
    expect(confirm.status).toBe(200);
    await env.DB.prepare("UPDATE mfa_checks SET verified_at = ? WHERE user_id = ?")
      .bind(Date.now() - 11 * 60 * 1000, user.id)
      .run();
    expectErrorEnvelope(await del({ token: user.token }, PASSWORD), 403, "MFA_REQUIRED");
    expect((await me(user.token)).status).toBe(200);
    const up = await api("POST", "/v1/auth/mfa/step-up", {
      token: user.token,
      body: { code: await totpFromSecret(secret, now) },
    });
    expect(up.status).toBe(200);
    expect((await del({ token: user.token }, PASSWORD)).status).toBe(200);
    const factors = await env.DB.prepare("SELECT COUNT(*) AS n FROM mfa_totp WHERE user_id = ?")
      .bind(user.id)
      .first<number>("n");
    expect(factors).toBe(0);
  });

  it("a new registration with the same email inherits nothing: no credits, memberships or sign-ins", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    const user = await registerUser();
    await addMember(owner, orgId, "member", user);
    expect((await me(user.token)).body.data.credits).toBeGreaterThan(0);
    expect((await del({ token: user.token }, PASSWORD)).status).toBe(200);
    const again = await api("POST", "/v1/auth/register", {
      body: { email: user.email, username: "again", password: PASSWORD, tier: "basic", marketing_consent: false },
    });
    expect(again.status).toBe(201);
    const fresh = again.body.data;
    expect(fresh.user.id).not.toBe(user.id);
    const verified = await api("POST", "/v1/auth/email/verify", {
      body: { token: await mailedVerificationToken({ id: fresh.user.id }) },
    });
    expect(verified.status).toBe(200);
    const profile = (await me(fresh.token)).body.data;
    // Free credits come once per email address, ever (docs/decisions.md "Free credits").
    expect(profile.credits).toBe(0);
    expect((await api("GET", "/v1/organizations", { token: fresh.token })).body.data.organizations).toEqual([]);
    const signIns = (await api("GET", "/v1/users/me/sessions", { token: fresh.token })).body.data.sessions;
    expect(signIns).toHaveLength(1);
    // The old account's tokens still open nothing.
    expect((await me(user.token)).status).toBe(401);
  });
});
