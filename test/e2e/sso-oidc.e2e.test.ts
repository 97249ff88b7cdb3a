import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, dataOf, testClientAddress } from "./support/api";
import {
  newSigningKey,
  type OpenIdProvider,
  resign,
  signInThrough,
  startOpenIdProvider,
} from "./support/oidc-provider";
import { sharedServer } from "./support/shared-server";

// OpenID Connect sign-on end to end: our /oidc/login, the real oidc-provider's login form, its
// redirect to our callback, the code exchanged at its token endpoint and its ID token verified
// against its JWKS, on the shared `wrangler dev` (email domains verified without DNS). Each attack
// is refused with nothing linked or issued: no token, no member, and the email still free to register.
const DOMAIN = "oidc.example.test";

describe("OpenID Connect sign-on against wrangler dev and oidc-provider", () => {
  const server = sharedServer();
  const address = testClientAddress();
  const api = apiClient(() => server.url, address);
  let op: OpenIdProvider;
  let owner: string;
  let orgId: string;
  let connectionId: string;

  beforeAll(async () => {
    op = await startOpenIdProvider({
      redirectUri: `${server.url}/oidc/callback`,
      accounts: (login) => {
        const email = login.includes("@") ? login : `${login}@${DOMAIN}`;
        return {
          email,
          email_verified: !login.startsWith("unverified"),
          groups: login.startsWith("alice") ? ["Session Admins"] : ["staff"],
        };
      },
    });
    owner = await api.register("oidc-owner");
    orgId = dataOf(await api.call("POST", "/v1/organizations", owner, { name: "OIDC Co" })).id as string;
    const connection = await api.call("POST", `/v1/organizations/${orgId}/sso/connections`, owner, {
      kind: "oidc",
      name: "oidc-provider",
      oidc: {
        issuer: op.issuer,
        client_id: op.clientId,
        scopes: ["email", "profile", "groups"],
        group_roles: { "session admins": "admin" },
      },
      client_secret: op.clientSecret,
    });
    connectionId = dataOf(connection).id as string;
    // The secret is sealed and never returned.
    expect(connection.text).not.toContain(op.clientSecret);
    const domain = dataOf(await api.call("POST", `/v1/organizations/${orgId}/sso/domains`, owner, { domain: DOMAIN }));
    dataOf(await api.call("POST", `/v1/organizations/${orgId}/sso/domains/${domain.id}/verify`, owner));
  });
  afterAll(async () => {
    await op?.stop();
  });

  const signIn = (login: string) =>
    signInThrough({
      start: `${server.url}/oidc/login?connection=${connectionId}`,
      callbackPrefix: `${server.url}/oidc/callback`,
      login,
      ourHeaders: { "cf-connecting-ip": address },
    });
  const members = async () =>
    dataOf(await api.call("GET", `/v1/organizations/${orgId}/members`, owner)).members as Array<{
      user_id: string;
      role: string;
    }>;
  /** Nobody was created for `email`: it can still be registered. */
  const stillFree = async (email: string) =>
    (
      await api.call("POST", "/v1/auth/register", undefined, {
        email,
        username: "free",
        password: "correct-horse-42",
        tier: "basic",
        marketing_consent: false,
      })
    ).status;

  it("creates the connection from discovery, its secret sealed and never returned", async () => {
    const read = await api.call("GET", `/v1/organizations/${orgId}/sso/connections/${connectionId}`, owner);
    const view = dataOf(read);
    expect(read.text).not.toContain(op.clientSecret);
    expect(view).toMatchObject({
      kind: "oidc",
      has_client_secret: true,
      rp: { redirect_uri: `${server.url}/oidc/callback` },
      config: {
        issuer: op.issuer,
        client_id: op.clientId,
        authorization_endpoint: `${op.issuer}/auth`,
        token_endpoint: `${op.issuer}/token`,
        jwks_uri: `${op.issuer}/jwks`,
        id_token_algs: ["RS256"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    });
  });

  let first: Awaited<ReturnType<typeof signIn>>;
  it("signs in through the provider's login form, just in time, with the group-mapped role and a working token", async () => {
    first = await signIn("alice");
    expect([first.status, first.body.error]).toEqual([200, undefined]);
    expect(first.body.data.organization_id).toBe(orgId);
    const me = dataOf(await api.call("GET", "/v1/users/me", first.body.data.token));
    expect(me.email).toBe(`alice@${DOMAIN}`);
    expect((await members()).find((m) => m.user_id === first.body.data.user.id)?.role).toBe("admin");
  });

  it("refuses the callback replayed with the same state and cookie, issuing nothing", async () => {
    const replay = await fetch(first.callbackUrl, { headers: { cookie: first.cookie, "cf-connecting-ip": address } });
    const body = await replay.json();
    expect([replay.status, body.error.code, body.error.details.reason]).toEqual([
      401,
      "OIDC_RESPONSE_INVALID",
      "state already used or expired",
    ]);
    expect(body.data).toBeUndefined();
  });

  it("refuses an ID token for another audience, linking nothing", async () => {
    const before = (await members()).length;
    op.tamperIdToken((t) => resign(t, op.currentKey(), (c) => (c.aud = "another-client")));
    const result = await signIn("bob");
    expect([result.status, result.body.error.code]).toEqual([401, "OIDC_RESPONSE_INVALID"]);
    expect(result.body.error.details.reason).toMatch(/^aud/);
    expect((await members()).length).toBe(before);
    expect(await stillFree(`bob@${DOMAIN}`)).toBe(201);
  });

  it("refuses an earlier sign-in's ID token replayed into a new one (its nonce)", async () => {
    const earlier = op.issuedIdTokens[0]!;
    op.tamperIdToken(async () => earlier);
    const result = await signIn("carol");
    expect([result.status, result.body.error.code, result.body.error.details.reason]).toEqual([
      401,
      "OIDC_RESPONSE_INVALID",
      "nonce does not match this sign-in",
    ]);
    expect(await stillFree(`carol@${DOMAIN}`)).toBe(201);
  });

  it("keeps signing in after the provider rotates its key, and refuses a token signed by a key it never published", async () => {
    const next = await op.rotateKeys();
    const rotated = await signIn("alice");
    expect([rotated.status, rotated.body.error]).toEqual([200, undefined]);
    expect(decodeProtectedHeader(op.issuedIdTokens.at(-1)!).kid).toBe(next.kid);
    expect(rotated.body.data.user.id).toBe(first.body.data.user.id);

    const before = (await members()).length;
    const attacker = await newSigningKey("attacker-key");
    op.tamperIdToken((t) => resign(t, attacker, () => {}));
    const forged = await signIn("dave");
    expect([forged.status, forged.body.error.code, forged.body.error.details.reason]).toEqual([
      401,
      "OIDC_RESPONSE_INVALID",
      "signed by a key the issuer does not publish",
    ]);
    expect((await members()).length).toBe(before);
    expect(await stillFree(`dave@${DOMAIN}`)).toBe(201);
  });

  it("refuses an email the provider does not say is verified, creating nobody", async () => {
    const result = await signIn("unverified-erin");
    expect([result.status, result.body.error.code]).toEqual([401, "OIDC_RESPONSE_INVALID"]);
    expect(result.body.error.details.reason).toMatch(/email_verified/);
    expect(await stillFree(`unverified-erin@${DOMAIN}`)).toBe(201);
  });

  it("refuses an email of a domain the organization did not verify, creating nobody", async () => {
    const before = (await members()).length;
    const result = await signIn("mallory@foreign.example.test");
    expect([result.status, result.body.error.code]).toEqual([403, "SSO_EMAIL_DOMAIN_NOT_VERIFIED"]);
    expect((await members()).length).toBe(before);
    expect(await stillFree("mallory@foreign.example.test")).toBe(201);
  });

  it("signs in through the console's Sign in with SSO by email domain: back to the console with its session, once, in that browser", async () => {
    const result = await signInThrough({
      start: `${server.url}/console/session/sso?${new URLSearchParams({ login: `someone@${DOMAIN}` })}`,
      callbackPrefix: `${server.url}/oidc/callback`,
      login: "alice",
      ourHeaders: { "cf-connecting-ip": address },
    });
    expect([result.status, result.body]).toEqual([303, null]);
    const finish = new URL(result.location ?? "", server.url);
    expect(finish.pathname).toBe("/console/session/sso/finish");
    const back = await fetch(finish, {
      headers: { cookie: result.ourCookie(), "cf-connecting-ip": address },
      redirect: "manual",
    });
    expect([back.status, back.headers.get("location")]).toEqual([303, "/"]);
    const session = /^sas_session=([^;]+)/.exec(
      back.headers.getSetCookie().find((c) => c.startsWith("sas_session=")) ?? "",
    )?.[1];
    const me = await fetch(`${server.url}/v1/users/me`, {
      headers: { cookie: `sas_session=${session}`, "cf-connecting-ip": address },
    });
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(`alice@${DOMAIN}`);
    // The hand-off is spent: the same link again, even with the cookies, signs nobody in.
    const again = await fetch(finish, {
      headers: { cookie: result.ourCookie(), "cf-connecting-ip": address },
      redirect: "manual",
    });
    expect([again.status, again.headers.get("location")]).toEqual([303, "/signin?sso_error=refused"]);
    // Another browser (no cookies) following the link is refused too.
    const lured = await fetch(finish, { headers: { "cf-connecting-ip": address }, redirect: "manual" });
    expect([lured.status, lured.headers.get("location")]).toEqual([303, "/signin?sso_error=refused"]);
  });

  it("enforced, it is the way in for the domain: a password registration there is refused and names it", async () => {
    dataOf(
      await api.call("PATCH", `/v1/organizations/${orgId}/sso/connections/${connectionId}`, owner, { enforced: true }),
    );
    const register = await api.call("POST", "/v1/auth/register", undefined, {
      email: `newcomer@${DOMAIN}`,
      username: "newcomer",
      password: "correct-horse-42",
      tier: "basic",
      marketing_consent: false,
    });
    expect([register.status, register.body.error.code]).toEqual([403, "SSO_REQUIRED"]);
    expect(register.body.error.details.sign_in).toBe(`${server.url}/oidc/login?connection=${connectionId}`);
    const again = await signIn("alice");
    expect([again.status, again.body.error]).toEqual([200, undefined]);
  });
});
