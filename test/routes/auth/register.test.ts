import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminTrailOf } from "../../../src/db/admin-audit";
import { mailedVerificationToken, verifyEmail } from "../../support/email";
import { PASSWORD, uniqueEmail } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { decodePayload } from "../../support/tokens";

const valid = () => ({
  email: uniqueEmail("reg"),
  username: "ada_l",
  password: PASSWORD,
  tier: "basic",
  marketing_consent: false,
});

describe("POST /v1/auth/register", () => {
  it("creates the user with no credits whatever the tier; verifying the email grants the same free credits once", async () => {
    // Free credits come once per verified email (docs/decisions.md "Free credits"), never with
    // registration, and a self-chosen paid tier mints no more than basic: its own included credits
    // arrive with the first paid fee.
    for (const tier of ["basic", "professional", "enterprise"] as const) {
      const body = { ...valid(), tier };
      const res = await api("POST", "/v1/auth/register", { body });
      expect(res.status).toBe(201);
      expect(res.body.message).toBeTruthy();
      const { user, token, refresh_token, expires_in } = res.body.data;
      // The free plan until the email is verified: a paid tier's trial starts then (billing/trial.ts).
      expect(user).toMatchObject({ email: body.email, username: "ada_l", tier: "basic" });
      expect(user.id).toMatch(/^user_\d+$/);
      expect(Date.parse(user.created_at)).not.toBeNaN();
      expect(refresh_token).toMatch(/^sart_/);
      expect(expires_in).toBe(86400);
      const ledger = () =>
        env.DB.prepare(
          "SELECT delta, reason FROM credit_ledger WHERE account_id = (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?)",
        )
          .bind(user.id)
          .all();
      expect((await api("GET", "/v1/users/me", { token })).body.data.credits).toBe(0);
      expect((await ledger()).results).toEqual([]);
      await verifyEmail({ id: user.id });
      const verified = (await api("GET", "/v1/users/me", { token })).body.data;
      expect(verified).toMatchObject({ credits: 100, tier });
      // The free balance is one ledger row.
      expect((await ledger()).results).toEqual([{ delta: 100, reason: "signup_grant" }]);
    }
  });

  it("stores the password only as a PBKDF2 hash with a per-user salt, at 100,000 iterations", async () => {
    // The deployed configuration: without the tests' cheaper cost (vitest.config.ts).
    const deployed = { PASSWORD_HASH_ITERATIONS: undefined };
    const a = { ...valid() };
    const b = { ...valid() };
    expect((await api("POST", "/v1/auth/register", { body: a, vars: deployed })).status).toBe(201);
    expect((await api("POST", "/v1/auth/register", { body: b, vars: deployed })).status).toBe(201);
    const login = await api("POST", "/v1/auth/login", { body: { email: a.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const rows = await env.DB.prepare("SELECT password_hash FROM users WHERE email IN (?, ?)")
      .bind(a.email, b.email)
      .all<{ password_hash: string }>();
    expect(rows.results).toHaveLength(2);
    for (const { password_hash } of rows.results) {
      expect(password_hash).toMatch(/^pbkdf2_sha256\$100000\$[^$]+\$[^$]+$/);
      expect(password_hash).not.toContain(PASSWORD);
    }
    expect(rows.results[0]!.password_hash).not.toBe(rows.results[1]!.password_hash);
  });

  it("treats emails case-insensitively and refuses a taken one with 409", async () => {
    const body = valid();
    expect((await api("POST", "/v1/auth/register", { body })).status).toBe(201);
    const again = await api("POST", "/v1/auth/register", { body: { ...body, email: body.email.toUpperCase() } });
    const err = expectErrorEnvelope(again, 409, "EMAIL_ALREADY_REGISTERED");
    expect(err.details.field).toBe("email");
  });

  it("racing registrations of one email make one user and one billing account: the losers write nothing", async () => {
    const body = valid();
    const accounts = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM billing_accounts").first<{ n: number }>())!.n;
    const before = await accounts();
    const results = await Promise.all(Array.from({ length: 6 }, () => api("POST", "/v1/auth/register", { body })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    // Each loser's account insert is conditional on its own user row, which the unique email refused.
    expect(await accounts()).toBe(before + 1);
  });

  it("never makes an administrator at registration; ADMIN_EMAILS bootstraps one when its holder verifies it", async () => {
    // The listed address is this test's own (ADMIN_EMAILS replaced per request), so runs never collide.
    const body = { ...valid(), email: uniqueEmail("root") };
    const vars = { ADMIN_EMAILS: body.email };
    const reg = await api("POST", "/v1/auth/register", { body, vars });
    expect(reg.status).toBe(201);
    expect(String(decodePayload(reg.body.data.token).scope)).not.toContain(":admin");
    const token = await mailedVerificationToken({ id: reg.body.data.user.id });
    expect((await api("POST", "/v1/auth/email/verify", { body: { token }, vars })).status).toBe(200);
    const login = await api("POST", "/v1/auth/login", { body: { email: body.email, password: PASSWORD }, vars });
    expect(String(decodePayload(login.body.data.token).scope)).toContain("analytics:admin");
    expect(await adminTrailOf(env.DB, reg.body.data.user.id)).toEqual([
      { action: "granted", actor: "bootstrap:ADMIN_EMAILS", created_at: expect.any(String) },
    ]);

    const user = await api("POST", "/v1/auth/register", { body: valid() });
    await verifyEmail({ id: user.body.data.user.id });
    const scope = String(decodePayload(user.body.data.token).scope);
    expect(scope).toContain("remote-viewing:read");
    expect(scope).not.toContain(":admin");
    expect(await adminTrailOf(env.DB, user.body.data.user.id)).toEqual([]);
  });

  const cases: Array<[string, Record<string, unknown>, number, string, string]> = [
    ["missing email", { email: undefined }, 422, "MISSING_REQUIRED_FIELD", "email"],
    ["invalid email", { email: "not-an-email" }, 422, "INVALID_FIELD_VALUE", "email"],
    ["email too long", { email: `${"a".repeat(250)}@example.com` }, 422, "FIELD_TOO_LONG", "email"],
    ["missing password", { password: undefined }, 422, "MISSING_REQUIRED_FIELD", "password"],
    ["short password", { password: "short1" }, 422, "INVALID_FIELD_VALUE", "password"],
    ["password without digit", { password: "onlyletters-here" }, 422, "INVALID_FIELD_VALUE", "password"],
    ["password too long", { password: `a1${"x".repeat(200)}` }, 422, "FIELD_TOO_LONG", "password"],
    ["missing username", { username: undefined }, 422, "MISSING_REQUIRED_FIELD", "username"],
    ["username too long", { username: "u".repeat(33) }, 422, "FIELD_TOO_LONG", "username"],
    ["username with spaces", { username: "bad name" }, 422, "INVALID_FIELD_VALUE", "username"],
    ["unknown tier", { tier: "platinum" }, 422, "INVALID_FIELD_VALUE", "tier"],
    ["marketing_consent not boolean", { marketing_consent: "yes" }, 422, "INVALID_FIELD_VALUE", "marketing_consent"],
    ["email wrong type", { email: 42 }, 422, "INVALID_FIELD_VALUE", "email"],
    // What the document's pattern refuses (src/http/schemas.ts EmailAddress), the service refuses.
    ["email local part over 64", { email: `${"a".repeat(65)}@example.com` }, 422, "INVALID_FIELD_VALUE", "email"],
    ["email with two dots in a row", { email: "a..b@example.com" }, 422, "INVALID_FIELD_VALUE", "email"],
    ["email label ending in a hyphen", { email: "a@example-.com" }, 422, "INVALID_FIELD_VALUE", "email"],
    ["email with an IDNA-reserved label", { email: "a@ab--cd.example" }, 422, "INVALID_FIELD_VALUE", "email"],
    ["email at a dotless host", { email: "a@localhost" }, 422, "INVALID_FIELD_VALUE", "email"],
  ];

  it("takes any RFC 5322 dot-atom local part, as the document's pattern says", async () => {
    const local = `o'brien+x!#$%&*/=?^_\`{|}~-${Date.now().toString(36)}`;
    const res = await api("POST", "/v1/auth/register", { body: { ...valid(), email: `${local}@mail-1.example.io` } });
    expect(res.status).toBe(201);
    expect(res.body.data.user.email).toBe(`${local}@mail-1.example.io`.toLowerCase());
  });
  for (const [name, patch, status, code, field] of cases) {
    it(`refuses ${name} (${status} ${code}, field ${field})`, async () => {
      const body: Record<string, unknown> = { ...valid(), ...patch };
      for (const k of Object.keys(patch)) if (patch[k] === undefined) delete body[k];
      const err = expectErrorEnvelope(await api("POST", "/v1/auth/register", { body }), status, code);
      expect(err.details.field).toBe(field);
      expect(typeof err.details.reason).toBe("string");
    });
  }

  it("creates nothing when validation fails", async () => {
    const body = { ...valid(), password: "short1" };
    await api("POST", "/v1/auth/register", { body });
    const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(body.email).first();
    expect(row).toBeNull();
  });
});
