import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT, UnsecuredJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { type IdTokenExpectations, verifyIdToken } from "../../../../src/domain/identity/sso/oidc/id-token";

// The ID token checks of OpenID Connect Core §3.1.3.7 in the Workers runtime, with keys made here:
// each check refuses the one claim or header it guards, and lets the rest of a good token through.
const ISSUER = "https://idp.example.test";
const CLIENT = "our-client";
const NOW = new Date("2026-12-02T04:00:00Z");
const nowS = NOW.getTime() / 1000;

let rsa: { privateKey: CryptoKey; jwk: JWK };
let ec: { privateKey: CryptoKey; jwk: JWK };
let stranger: CryptoKey;
let expectations: Omit<IdTokenExpectations, "idToken">;

beforeAll(async () => {
  const r = await generateKeyPair("RS256");
  const e = await generateKeyPair("ES256");
  rsa = { privateKey: r.privateKey, jwk: { ...(await exportJWK(r.publicKey)), kid: "rsa-1", alg: "RS256" } };
  ec = { privateKey: e.privateKey, jwk: { ...(await exportJWK(e.publicKey)), kid: "ec-1", alg: "ES256" } };
  stranger = (await generateKeyPair("RS256")).privateKey;
  expectations = {
    keys: createLocalJWKSet({ keys: [rsa.jwk, ec.jwk] }),
    issuer: ISSUER,
    clientId: CLIENT,
    algorithms: ["RS256"],
    nonce: "the-nonce",
    now: NOW,
  };
});

const claims = (over: Record<string, unknown> = {}) => ({
  iss: ISSUER,
  sub: "user-1",
  aud: CLIENT,
  iat: nowS - 5,
  exp: nowS + 300,
  nonce: "the-nonce",
  email: "ada@example.test",
  email_verified: true,
  ...over,
});
const signed = (over: Record<string, unknown> = {}, key = rsa.privateKey, header = { alg: "RS256", kid: "rsa-1" }) =>
  new SignJWT(claims(over)).setProtectedHeader(header).sign(key);
const reason = (idToken: string, more: Partial<IdTokenExpectations> = {}) =>
  verifyIdToken({ ...expectations, ...more, idToken }).then(
    () => "accepted",
    (e: { reason?: string }) => e.reason ?? String(e),
  );

describe("ID token checks", () => {
  it("accepts a good token and returns its claims", async () => {
    const got = await verifyIdToken({ ...expectations, idToken: await signed() });
    expect([got.sub, got.email, got.email_verified]).toEqual(["user-1", "ada@example.test", true]);
  });

  it("refuses another issuer, another audience, and several audiences without our azp", async () => {
    expect(await reason(await signed({ iss: "https://idp.example.test/" }))).toMatch(/^iss/);
    expect(await reason(await signed({ aud: "another-client" }))).toMatch(/^aud/);
    expect(await reason(await signed({ aud: [CLIENT, "another-client"] }))).toBe("several audiences and no azp");
    expect(await reason(await signed({ aud: [CLIENT, "x"], azp: "x" }))).toBe("azp names another client");
    expect(await reason(await signed({ aud: [CLIENT, "x"], azp: CLIENT }))).toBe("accepted");
  });

  it("bounds exp and iat by the two-minute skew, and refuses a token issued too long ago", async () => {
    expect(await reason(await signed({ exp: nowS - 60 }))).toBe("accepted");
    expect(await reason(await signed({ exp: nowS - 121 }))).toBe("expired (exp)");
    expect(await reason(await signed({ iat: nowS + 60 }))).toBe("accepted");
    expect(await reason(await signed({ iat: nowS + 200 }))).toMatch(/^iat/);
    expect(await reason(await signed({ iat: nowS - 3600, exp: nowS + 300 }))).toMatch(/^iat/);
  });

  it("refuses another sign-in's nonce and a token without one", async () => {
    expect(await reason(await signed({ nonce: "another" }))).toBe("nonce does not match this sign-in");
    expect(await reason(await signed({ nonce: undefined }))).toBe("nonce does not match this sign-in");
  });

  it("pins alg: ES256 when only RS256 is declared, HS256 with any secret, and none are refused", async () => {
    const es = await signed({}, ec.privateKey, { alg: "ES256", kid: "ec-1" });
    expect(await reason(es)).toBe("alg not allowed for this provider");
    expect(await reason(es, { algorithms: ["RS256", "ES256"] })).toBe("accepted");
    const hs = await new SignJWT(claims())
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("the-client-secret-the-client-secret"));
    expect(await reason(hs)).toBe("alg not allowed for this provider");
    const none = new UnsecuredJWT(claims()).encode();
    expect(await reason(none)).toBe("alg not allowed for this provider");
  });

  it("refuses a key the issuer does not publish, and a signature that does not verify", async () => {
    expect(await reason(await signed({}, stranger, { alg: "RS256", kid: "unknown" }))).toBe(
      "signed by a key the issuer does not publish",
    );
    expect(await reason(await signed({}, stranger))).toBe("signature does not verify");
  });
});
