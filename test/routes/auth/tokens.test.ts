// Which access tokens the API accepts, on GET /v1/users/me; POST /v1/auth/refresh: refresh.test.ts.
import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { mintToken, signWithForeignKey, signWithServiceKey, standardClaims } from "../../support/tokens";

/** The token matrix (every kind of bad token) against an authenticated route. */

describe("access token matrix on GET /v1/users/me", () => {
  it("no credentials → 401 AUTHENTICATION_REQUIRED with a Bearer challenge", async () => {
    const res = await api("GET", "/v1/users/me");
    expectErrorEnvelope(res, 401, "AUTHENTICATION_REQUIRED");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("garbage and malformed headers → 401 TOKEN_INVALID", async () => {
    for (const authorization of ["Bearer garbage", "Bearer a.b.c", "Basic dXNlcjpwYXNz", "Bearer", "token abc"]) {
      expectErrorEnvelope(await api("GET", "/v1/users/me", { headers: { authorization } }), 401, "TOKEN_INVALID");
    }
  });

  it("expired → 401 TOKEN_EXPIRED", async () => {
    const u = await registerUser();
    const token = await mintToken(u.id, { scopes: ["profile"], now: Date.now() - 2 * 86_400_000, ttl: 60 });
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token }), 401, "TOKEN_EXPIRED");
  });

  it("wrong issuer, wrong audience, wrong typ → 401 TOKEN_INVALID", async () => {
    const u = await registerUser();
    const base = standardClaims(u.id);
    expectErrorEnvelope(
      await api("GET", "/v1/users/me", { token: await signWithServiceKey({ ...base, iss: "https://evil.example" }) }),
      401,
      "TOKEN_INVALID",
    );
    expectErrorEnvelope(
      await api("GET", "/v1/users/me", { token: await signWithServiceKey({ ...base, aud: "https://other.example" }) }),
      401,
      "TOKEN_INVALID",
    );
    expectErrorEnvelope(
      await api("GET", "/v1/users/me", { token: await signWithServiceKey(base, { typ: "JWT" }) }),
      401,
      "TOKEN_INVALID",
    );
    // The same claims with the right header are accepted: the refusals above are about iss/aud/typ.
    expect((await api("GET", "/v1/users/me", { token: await signWithServiceKey(base) })).status).toBe(200);
  });

  it("alg none → 401 TOKEN_INVALID", async () => {
    const u = await registerUser();
    const enc = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const unsigned = `${enc({ alg: "none", typ: "at+jwt" })}.${enc(standardClaims(u.id))}.`;
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: unsigned }), 401, "TOKEN_INVALID");
  });

  it("a signature by another key → 401 TOKEN_INVALID", async () => {
    const u = await registerUser();
    expectErrorEnvelope(
      await api("GET", "/v1/users/me", { token: await signWithForeignKey(standardClaims(u.id)) }),
      401,
      "TOKEN_INVALID",
    );
  });

  it("revoked by logout → 401 TOKEN_INVALID", async () => {
    const u = await registerUser();
    expect((await api("GET", "/v1/users/me", { token: u.token })).status).toBe(200);
    const out = await api("POST", "/v1/auth/logout", { token: u.token });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, message: expect.any(String) });
    expect(out.body.data).toBeUndefined();
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: u.token }), 401, "TOKEN_INVALID");
    // Its refresh token died with it.
    expectErrorEnvelope(
      await api("POST", "/v1/auth/refresh", { body: { refresh_token: u.refreshToken } }),
      401,
      "TOKEN_INVALID",
    );
  });

  it("logout revokes only that login: another login of the same user keeps working", async () => {
    const u = await registerUser();
    const other = await api("POST", "/v1/auth/login", { body: { email: u.email, password: PASSWORD } });
    await api("POST", "/v1/auth/logout", { token: u.token });
    expect((await api("GET", "/v1/users/me", { token: other.body.data.token })).status).toBe(200);
  });

  it("a token lacking the route's scope → 403 INSUFFICIENT_PERMISSIONS naming the scope", async () => {
    const u = await registerUser();
    const token = await mintToken(u.id, { scopes: ["analytics:read"] });
    const err = expectErrorEnvelope(await api("GET", "/v1/users/me", { token }), 403, "INSUFFICIENT_PERMISSIONS");
    expect(err.message).toContain("profile");
    expect(err.details.required_scopes).toEqual(["profile"]);
  });

  it("an unknown X-API-Key → 401 TOKEN_INVALID", async () => {
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: "not-a-key" }), 401, "TOKEN_INVALID");
  });
});
