/**
 * Issue 44, holes 1-4 (docs/security.md "The account holder"): the review's attacks on an account's
 * second factors with credentials that are not its holder signed in, performed as the review did and
 * seen refused with nothing changed. The whole class, every credential kind, is the matrix's
 * (account-security-matrix.test.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser, type TestUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";
import { authorizeAndApprove, Browser, createClient, exchangeCode, pkcePair, REDIRECT } from "../support/oauth";
import { authenticatorApp } from "../support/totp";

/** A key with only `profile`, made before any second factor existed. */
async function profileKey(user: TestUser): Promise<string> {
  const res = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "sync", scopes: ["profile"] } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.key;
}

async function withTotp(user: TestUser) {
  const enrol = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
  expect(enrol.status, enrol.text).toBe(201);
  const app = authenticatorApp(enrol.body.data.secret);
  const confirm = await api("POST", "/v1/users/me/mfa/totp/confirm", {
    token: user.token,
    body: { code: await app.nextCode() },
  });
  expect(confirm.status, confirm.text).toBe(200);
  return { app, recoveryCodes: confirm.body.data.recovery_codes as string[] };
}

const login = (user: TestUser) => api("POST", "/v1/auth/login", { body: { email: user.email, password: PASSWORD } });

const factorRows = async (userId: string) => ({
  totp: (await env.DB.prepare("SELECT secret_sealed, confirmed_at FROM mfa_totp WHERE user_id = ?").bind(userId).all())
    .results,
  codes: (
    await env.DB.prepare("SELECT code_hash, used_at FROM mfa_recovery_codes WHERE user_id = ? ORDER BY code_hash")
      .bind(userId)
      .all()
  ).results,
});

const expectSignInRequired = (res: Awaited<ReturnType<typeof api>>) =>
  expect(expectErrorEnvelope(res, 403, "INSUFFICIENT_PERMISSIONS").details.reason).toBe("sign_in_required");

describe("issue 44.1: an API key cannot switch a second factor off", () => {
  it("DELETE /v1/users/me/mfa/totp with a profile key made before MFA: 403, the app stays, sign-in still asks for it", async () => {
    const user = await registerUser();
    const key = await profileKey(user);
    await withTotp(user);
    const before = await factorRows(user.id);
    expectSignInRequired(await api("DELETE", "/v1/users/me/mfa/totp", { apiKey: key }));
    expect(await factorRows(user.id)).toEqual(before);
    const next = await login(user);
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({ mfa_required: true });
    expect(next.body.data.token).toBeUndefined();
  });
});

describe("issue 44.2: an API key cannot regenerate recovery codes", () => {
  it("POST /v1/users/me/mfa/recovery-codes with the key: 403 and no codes; the holder's old codes still work", async () => {
    const user = await registerUser();
    const key = await profileKey(user);
    const { recoveryCodes } = await withTotp(user);
    const before = await factorRows(user.id);
    const res = await api("POST", "/v1/users/me/mfa/recovery-codes", { apiKey: key });
    expectSignInRequired(res);
    expect(res.text).not.toMatch(/recovery_codes/);
    expect(await factorRows(user.id)).toEqual(before);
    const challenge = (await login(user)).body.data.challenge;
    const verified = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge, recovery_code: recoveryCodes[0] },
    });
    expect(verified.status, verified.text).toBe(200);
  });
});

describe("issue 44.3: an API key cannot plant a factor", () => {
  it("POST /v1/users/me/mfa/totp then its confirm with the key: 403, 403, no secret stored, sign-in asks for nothing", async () => {
    const user = await registerUser();
    const key = await profileKey(user);
    const enrol = await api("POST", "/v1/users/me/mfa/totp", { apiKey: key });
    expectSignInRequired(enrol);
    expect(enrol.text).not.toMatch(/otpauth|secret/);
    expectSignInRequired(await api("POST", "/v1/users/me/mfa/totp/confirm", { apiKey: key, body: { code: "123456" } }));
    expect(await factorRows(user.id)).toEqual({ totp: [], codes: [] });
    const next = await login(user);
    expect(next.status).toBe(200);
    expect(next.body.data.token).toEqual(expect.any(String));
  });
});

describe("issue 44.4: a third-party OAuth client's token cannot plant a factor", () => {
  it("a public client's authorization-code + PKCE token with `profile`: POST /v1/users/me/mfa/totp is 403, nothing stored", async () => {
    const user = await registerUser();
    const vendor = await registerUser();
    const client = await createClient(vendor.token, {
      client_type: "public",
      grant_types: ["authorization_code"],
      scopes: ["profile"],
    });
    const { verifier, challenge } = await pkcePair();
    const back = await authorizeAndApprove(new Browser(), user, {
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: "profile",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const tokens = await exchangeCode(client, back.searchParams.get("code")!, verifier, {
      client_id: client.client_id,
    });
    expect(tokens.status, tokens.text).toBe(200);
    const token = tokens.body.access_token as string;
    // The token works for what it was granted ...
    expect((await api("GET", "/v1/users/me", { token })).status).toBe(200);
    // ... but not to make itself a second factor.
    expectSignInRequired(await api("POST", "/v1/users/me/mfa/totp", { token }));
    expectSignInRequired(await api("POST", "/v1/users/me/mfa/passkeys/options", { token }));
    expect((await factorRows(user.id)).totp).toEqual([]);
  });
});
