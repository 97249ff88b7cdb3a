import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { generateApiKey } from "../../src/domain/identity/api-keys/format";
import { PASSWORD, registerUser, uniqueEmail } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";
import { mintToken, signWithForeignKey, signWithServiceKey, standardClaims } from "../support/tokens";

/**
 * API2:2023 Broken Authentication.
 * Attacks: forged, unsigned, re-signed, expired, mis-addressed and revoked
 * access tokens; tampered, invented, revoked and expired API keys; two
 * credentials at once; replay of a spent refresh token; telling accounts
 * apart by the login error. (Password guessing is API4/throttling:
 * test/middleware/rate-limit.test.ts and test/routes/oauth-token-throttle.test.ts;
 * the full token matrix is test/routes/auth/tokens.test.ts.)
 * Expected: 401 with TOKEN_INVALID / TOKEN_EXPIRED / AUTHENTICATION_REQUIRED,
 * never data; a spent refresh token kills its whole family.
 */
const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("API2 broken authentication: access tokens", async () => {
  const u = await registerUser();

  it("no credential → 401 AUTHENTICATION_REQUIRED with a Bearer challenge", async () => {
    const res = await api("GET", "/v1/users/me");
    expectErrorEnvelope(res, 401, "AUTHENTICATION_REQUIRED");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  const forged: Array<[string, () => Promise<string>, string]> = [
    ["garbage", async () => "not-a-token", "TOKEN_INVALID"],
    [
      "alg none (unsigned)",
      async () => `${b64url({ alg: "none", typ: "at+jwt" })}.${b64url(standardClaims(u.id))}.`,
      "TOKEN_INVALID",
    ],
    ["signed by a foreign key", () => signWithForeignKey(standardClaims(u.id)), "TOKEN_INVALID"],
    [
      "wrong issuer",
      () => signWithServiceKey({ ...standardClaims(u.id), iss: "https://evil.example" }),
      "TOKEN_INVALID",
    ],
    [
      "wrong audience",
      () => signWithServiceKey({ ...standardClaims(u.id), aud: "https://evil.example/v1" }),
      "TOKEN_INVALID",
    ],
    ["typ JWT instead of at+jwt", () => signWithServiceKey(standardClaims(u.id), { typ: "JWT" }), "TOKEN_INVALID"],
    [
      "HS256 keyed with the public key (algorithm confusion)",
      async () => {
        const { d: _private, ...publicJwk } = JSON.parse(env.JWT_PRIVATE_KEY!);
        const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
        return new SignJWT(standardClaims(u.id))
          .setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid: publicJwk.kid })
          .sign(secret);
      },
      "TOKEN_INVALID",
    ],
    [
      "payload edited after signing (sub swapped)",
      async () => {
        const [h, , s] = (await mintToken(u.id, { scopes: ["profile"] })).split(".");
        return `${h}.${b64url({ ...standardClaims("user_1"), scope: "profile" })}.${s}`;
      },
      "TOKEN_INVALID",
    ],
    [
      "expired",
      () => mintToken(u.id, { scopes: ["profile"], now: Date.now() - 3 * 86_400_000, ttl: 60 }),
      "TOKEN_EXPIRED",
    ],
  ];

  it.each(forged)("%s → 401", async (_name, make, code) => {
    const res = await api("GET", "/v1/users/me", { token: await make() });
    expectErrorEnvelope(res, 401, code);
    expect(res.text).not.toContain(u.email);
  });

  it("a token is dead after logout; sending two credentials at once is refused", async () => {
    const v = await registerUser();
    expect((await api("POST", "/v1/auth/logout", { token: v.token })).status).toBe(200);
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: v.token }), 401, "TOKEN_INVALID");
    const w = await registerUser();
    const key = (await api("POST", "/v1/api-keys", { token: w.token, body: { name: "k", scopes: ["profile"] } })).body
      .data.key;
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: w.token, apiKey: key }), 401, "TOKEN_INVALID");
  });

  it("a spent refresh token replayed revokes the whole family", async () => {
    const v = await registerUser();
    const rotated = await api("POST", "/v1/auth/refresh", { body: { refresh_token: v.refreshToken } });
    expect(rotated.status).toBe(200);
    expectErrorEnvelope(
      await api("POST", "/v1/auth/refresh", { body: { refresh_token: v.refreshToken } }),
      401,
      "TOKEN_INVALID",
    );
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: rotated.body.data.token }), 401, "TOKEN_INVALID");
    expectErrorEnvelope(
      await api("POST", "/v1/auth/refresh", { body: { refresh_token: rotated.body.data.refresh_token } }),
      401,
      "TOKEN_INVALID",
    );
  });

  it("login does not tell an unknown email from a wrong password", async () => {
    const unknown = await api("POST", "/v1/auth/login", { body: { email: uniqueEmail("nobody"), password: PASSWORD } });
    const wrong = await api("POST", "/v1/auth/login", { body: { email: u.email, password: "wrong-password-1" } });
    expectErrorEnvelope(unknown, 401, "INVALID_CREDENTIALS");
    expectErrorEnvelope(wrong, 401, "INVALID_CREDENTIALS");
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
    expect(unknown.body.error.details).toEqual(wrong.body.error.details);
  });
});

describe("API2 broken authentication: API keys", async () => {
  const u = await registerUser();
  const created = (await api("POST", "/v1/api-keys", { token: u.token, body: { name: "k", scopes: ["profile"] } })).body
    .data;
  const key: string = created.key;

  it("the issued key works (control)", async () => {
    expect((await api("GET", "/v1/users/me", { apiKey: key })).status).toBe(200);
    expect((await api("GET", "/v1/users/me", { token: key })).status).toBe(200);
  });

  it("one character changed (checksum no longer matches) → 401, as X-API-Key and as Bearer", async () => {
    const i = 20;
    const tampered = key.slice(0, i) + (key[i] === "a" ? "b" : "a") + key.slice(i + 1);
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: tampered }), 401, "TOKEN_INVALID");
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: tampered }), 401, "TOKEN_INVALID");
  });

  it("a well-formed key with a valid checksum that was never issued → 401", async () => {
    expectErrorEnvelope(
      await api("GET", "/v1/users/me", { apiKey: generateApiKey(env.ENVIRONMENT) }),
      401,
      "TOKEN_INVALID",
    );
  });

  it("truncated, padded, or with the other environment's prefix → 401", async () => {
    for (const bad of [
      key.slice(0, -1),
      `${key}x`,
      key.replace(/^sak_(test|live)_/, (_m, k) => `sak_${k === "test" ? "live" : "test"}_`),
    ]) {
      expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: bad }), 401, "TOKEN_INVALID");
    }
  });

  it("an expired key → 401 TOKEN_EXPIRED; a revoked key → 401 TOKEN_INVALID", async () => {
    const other = (await api("POST", "/v1/api-keys", { token: u.token, body: { name: "exp", scopes: ["profile"] } }))
      .body.data;
    await env.DB.prepare("UPDATE api_keys SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), other.id)
      .run();
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: other.key }), 401, "TOKEN_EXPIRED");
    expect((await api("DELETE", `/v1/api-keys/${created.id}`, { token: u.token })).status).toBe(200);
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: key }), 401, "TOKEN_INVALID");
  });
});
