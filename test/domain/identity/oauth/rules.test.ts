import { describe, expect, it } from "vitest";
import { readAuthorizationParams, redirectBack } from "../../../../src/domain/identity/oauth/authorization-request";
import { OAuthError } from "../../../../src/domain/identity/oauth/errors";
import { isValidS256Challenge, isValidVerifier, verifierMatches } from "../../../../src/domain/identity/oauth/pkce";
import { redirectUriProblem } from "../../../../src/domain/identity/oauth/redirect-uris";
import { grantScopes } from "../../../../src/domain/identity/oauth/scopes";

describe("PKCE (RFC 7636)", () => {
  // Challenge computed independently with Node's crypto: base64url(sha256(verifier)).
  const verifier = "dBjftJeZ4CVP-mJ92K9qYOQ1Ts5-sO69lAsx7iX9jDM";
  const challenge = "z7YqJV76zPDFBqr3ALgsr4K52lTz2Jbn--94afVX3gs";

  it("accepts the matching verifier and nothing else", async () => {
    expect(await verifierMatches(verifier, challenge)).toBe(true);
    expect(await verifierMatches(`${verifier.slice(0, -1)}N`, challenge)).toBe(false);
    expect(await verifierMatches(challenge, challenge)).toBe(false); // plain-style use of the challenge
  });

  it("enforces the verifier and challenge syntax", () => {
    expect(isValidVerifier("a".repeat(42))).toBe(false);
    expect(isValidVerifier("a".repeat(43))).toBe(true);
    expect(isValidVerifier("a".repeat(129))).toBe(false);
    expect(isValidVerifier(`${"a".repeat(42)} `)).toBe(false);
    expect(isValidS256Challenge(challenge)).toBe(true);
    expect(isValidS256Challenge(`${challenge}=`)).toBe(false);
  });
});

describe("redirect URI rules", () => {
  it.each([
    ["https://app.example/cb", null],
    ["http://127.0.0.1:8080/cb", null],
    ["http://[::1]/cb", null],
    ["http://localhost/cb", null],
    ["http://app.example/cb", "must use https"],
    ["https://app.example/cb#x", "fragment"],
    ["cb", "absolute"],
    ["https://a:b@app.example/", "credentials"],
    ["custom-scheme:/cb", "must use https"],
    // WHATWG URL would read these as https://app.example/cb/ and a space; RFC 3986 has neither.
    ["https://app.example:3/\\)", "RFC 3986"],
    ["https://app.example/a b", "RFC 3986"],
    ["https://app.example/caf\u00e9", "RFC 3986"],
    ["https://app.example/%zz", "RFC 3986"],
    ["https://app.example/v0;J[f&fK", "RFC 3986"],
    ["https://app.example/caf%C3%A9?x=%5B1%5D&y=a/b?c", null],
    ["http://localhost:6008?l;", null],
    ["http://[::1]:90", null],
  ])("%s", (uri, problem) => {
    expect(redirectUriProblem(uri)).toEqual(problem === null ? null : expect.stringContaining(problem));
  });
});

describe("grantScopes (RFC 6749 §3.3)", () => {
  const ceiling = ["profile", "email", "remote-viewing:read"] as const;
  it("defaults to the ceiling, accepts subsets, refuses anything else", () => {
    expect(grantScopes(undefined, ceiling)).toEqual([...ceiling]);
    expect(grantScopes("email  profile email", ceiling)).toEqual(["email", "profile"]);
    for (const bad of ["dowsing:read", "profile nope", " "]) {
      const thrown = (() => {
        try {
          grantScopes(bad, ceiling);
        } catch (e) {
          return e;
        }
      })();
      expect(thrown).toBeInstanceOf(OAuthError);
      expect(thrown).toMatchObject({ error: "invalid_scope" });
    }
    expect(() => grantScopes(undefined, [])).toThrow(OAuthError);
  });
});

describe("authorization request helpers", () => {
  it("flags repeated parameters and drops empty ones", () => {
    const { params, repeated } = readAuthorizationParams(new URLSearchParams("client_id=a&scope=x&scope=y&state="));
    expect(repeated).toBe("scope");
    expect(params.state).toBeUndefined();
    expect(params.client_id).toBe("a");
  });

  it("keeps the redirect URI's own query and adds iss", () => {
    const to = new URL(
      redirectBack("https://app.example/cb?tenant=7", "https://auth.example", {
        code: "c",
        state: "s&t",
        error: undefined,
      }),
    );
    expect(to.searchParams.get("tenant")).toBe("7");
    expect(to.searchParams.get("state")).toBe("s&t");
    expect(to.searchParams.get("iss")).toBe("https://auth.example");
    expect(to.searchParams.has("error")).toBe(false);
  });
});
