// The authorization server's well-known documents: RFC 8414 metadata and the signing keys (jwks.ts).
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";

describe("well-known documents", () => {
  it("serves RFC 8414 metadata", async () => {
    const res = await api("GET", "/.well-known/oauth-authorization-server");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer: "http://127.0.0.1:8787",
      authorization_endpoint: "http://127.0.0.1:8787/oauth2/authorize",
      token_endpoint: "http://127.0.0.1:8787/oauth2/token",
      revocation_endpoint: "http://127.0.0.1:8787/oauth2/revoke",
      introspection_endpoint: "http://127.0.0.1:8787/oauth2/introspect",
      jwks_uri: "http://127.0.0.1:8787/.well-known/jwks.json",
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
    });
    expect(res.body.grant_types_supported).toEqual(
      expect.arrayContaining(["authorization_code", "client_credentials", "refresh_token"]),
    );
    expect(res.body.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(["client_secret_basic", "client_secret_post"]),
    );
    expect(res.body.scopes_supported).toContain("remote-viewing:read");
  });
  it("publishes the public signing key (no private part) with its kid", async () => {
    const res = await api("GET", "/.well-known/jwks.json");
    expect(res.status).toBe(200);
    const [key] = res.body.keys;
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(key.kid).toBeTruthy();
    expect(key.d).toBeUndefined();
    const u = await registerUser();
    const { decodeProtectedHeader } = await import("jose");
    expect(decodeProtectedHeader(u.token).kid).toBe(key.kid);
  });
});
