/**
 * The account-security matrix (issue 44, docs/security.md "The account holder"), driven by the served
 * document: every operation marked `x-account-security` is called with every kind of credential that
 * is not its holder's own first-party sign-in with a recent second-factor check, against an account
 * with a second factor and one without, and each is refused with nothing about the account changed.
 * A new operation is covered as soon as it is marked; test/security/account-security-mark.test.ts
 * fails for one of the class left unmarked.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { USER_SCOPES } from "../../src/domain/identity/scopes";
import { PASSWORD, registerUser, type TestUser, uniqueEmail } from "../support/factories";
import { type ApiResponse, api, BASE } from "../support/http";
import { approvedAccessToken, clientCredentialsToken, createClient, type TestClient } from "../support/oauth";
import { servedOpenApiDocument } from "../support/openapi";
import { createOrganization } from "../support/organizations";
import { createScimConnection } from "../support/scim";
import { samlConnectionBody } from "../support/sso-fixtures";
import { decodePayload } from "../support/tokens";
import { authenticatorApp } from "../support/totp";
import { SoftAuthenticator } from "../support/webauthn";

const ORIGIN = "http://127.0.0.1:8787";
const samlKeys = inject("samlKeys");
const MCP = `${BASE}/mcp`;

interface Operation {
  method: string;
  path: string;
  operationId: string;
  hasBody: boolean;
}

async function markedOperations(): Promise<Operation[]> {
  const doc = (await servedOpenApiDocument()) as { paths: Record<string, Record<string, any>> };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op?.["x-account-security"] !== true) continue;
      ops.push({
        method: method.toUpperCase(),
        path: `/v1${path}`,
        operationId: op.operationId,
        hasBody: !!op.requestBody,
      });
    }
  }
  return ops;
}

/** A credential as a request carries it. */
interface Credential {
  kind: string;
  headers: Record<string, string>;
  /** The refusal this kind meets. */
  refusal: { status: number; code: string; reason?: string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signInRequired = { status: 403, code: "INSUFFICIENT_PERMISSIONS", reason: "sign_in_required" };

/** What the person grants third-party clients: every operation's scope, so the refusals are the rule's. */
const THIRD_PARTY_SCOPES = ["profile", "remote-viewing:read", "organizations:read", "organizations:write"];

/** A token of an authorization-code grant the person approved for `client`, with THIRD_PARTY_SCOPES. */
const approvedToken = async (user: TestUser, client: TestClient, resource?: string) =>
  (await approvedAccessToken(user, client, { scope: THIRD_PARTY_SCOPES.join(" "), ...(resource ? { resource } : {}) }))
    .token;

async function consoleCookie(user: TestUser): Promise<Record<string, string>> {
  const res = await api("POST", "/console/session", { body: { email: user.email, password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  const cookies = Object.fromEntries(
    res.headers.getSetCookie().map((line) => line.split(";")[0]!.split("=") as [string, string]),
  );
  // With its CSRF header: the matrix tests the account-security rule, not the CSRF defence.
  return {
    cookie: `sas_session=${cookies.sas_session}; sas_csrf=${cookies.sas_csrf}`,
    "x-csrf-token": cookies.sas_csrf!,
  };
}

/**
 * Every kind of credential of `user` but a first-party sign-in with a recent check, all obtained
 * before any second factor exists (as the review's API key was): a sign-in token and a console cookie
 * (refused for want of a recent check once the account has a factor), an API key with every scope,
 * tokens of a public and a confidential client the person approved, an MCP token and a
 * client-credentials token of a client of the person's own.
 */
async function credentialsOf(user: TestUser, vendor: TestUser) {
  const login = await api("POST", "/v1/auth/login", { body: { email: user.email, password: PASSWORD } });
  expect(login.status, login.text).toBe(200);
  const key = await api("POST", "/v1/api-keys", {
    token: user.token,
    body: { name: "everything", scopes: USER_SCOPES },
  });
  expect(key.status, key.text).toBe(201);
  const publicClient = await createClient(vendor.token, {
    client_type: "public",
    grant_types: ["authorization_code"],
    scopes: THIRD_PARTY_SCOPES,
  });
  const confidentialClient = await createClient(vendor.token, {
    grant_types: ["authorization_code"],
    scopes: THIRD_PARTY_SCOPES,
  });
  const ownClient = await createClient(user.token, {
    grant_types: ["client_credentials"],
    redirect_uris: [],
    scopes: USER_SCOPES,
  });
  const firstParty: Credential[] = [
    { kind: "sign-in token", headers: bearer(login.body.data.token), refusal: { status: 403, code: "MFA_REQUIRED" } },
    { kind: "console cookie", headers: await consoleCookie(user), refusal: { status: 403, code: "MFA_REQUIRED" } },
  ];
  const thirdParty: Credential[] = [
    { kind: "API key with every scope", headers: { "x-api-key": key.body.data.key }, refusal: signInRequired },
    {
      kind: "public client's token",
      headers: bearer(await approvedToken(user, publicClient)),
      refusal: signInRequired,
    },
    {
      kind: "confidential client's token",
      headers: bearer(await approvedToken(user, confidentialClient)),
      refusal: signInRequired,
    },
    // An MCP token is for the MCP server only (RFC 8707): the REST API does not take it at all.
    {
      kind: "MCP token",
      headers: bearer(await approvedToken(user, publicClient, MCP)),
      refusal: { status: 401, code: "TOKEN_INVALID" },
    },
    {
      kind: "client-credentials token",
      headers: bearer((await clientCredentialsToken(ownClient, USER_SCOPES.join(" "))).access_token),
      refusal: signInRequired,
    },
  ];
  return { firstParty, thirdParty, apiKeyId: key.body.data.id as string };
}

const rows = async (sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .all()
  ).results;

const ownedBy =
  "organization_id IN (SELECT organization_id FROM organization_members WHERE user_id = ? AND role = 'owner')";

/** Everything about how the account is secured or reached, what it was mailed, and its organizations' connections. */
async function securityState(user: TestUser) {
  return {
    user: await rows(
      "SELECT email, password_hash, deleted_at, credentials_revoked_at FROM users WHERE id = ?",
      user.id,
    ),
    totp: await rows("SELECT secret_sealed, confirmed_at FROM mfa_totp WHERE user_id = ?", user.id),
    recoveryCodes: await rows(
      "SELECT code_hash, used_at FROM mfa_recovery_codes WHERE user_id = ? ORDER BY code_hash",
      user.id,
    ),
    passkeys: await rows("SELECT id, name, credential_id FROM mfa_passkeys WHERE user_id = ? ORDER BY id", user.id),
    apiKeys: await rows("SELECT id, revoked_at, replaced_by FROM api_keys WHERE user_id = ? ORDER BY id", user.id),
    oauthClients: await rows("SELECT id FROM oauth_clients WHERE owner_user_id = ? ORDER BY id", user.id),
    signIns: await rows(
      "SELECT id, family_id, used_at, revoked_at FROM refresh_tokens WHERE user_id = ? ORDER BY id",
      user.id,
    ),
    revokedSignIns: await rows(
      "SELECT subject FROM revoked_credentials WHERE kind = 'session' AND subject IN (SELECT family_id FROM refresh_tokens WHERE user_id = ?)",
      user.id,
    ),
    accountTokens: await rows("SELECT id, used_at FROM account_tokens WHERE user_id = ? ORDER BY id", user.id),
    mail: await rows("SELECT id FROM mail_outbox WHERE recipient = ? ORDER BY id", user.email.toLowerCase()),
    // The identity connections of the organizations the user owns, and what their audit logs say was done.
    scimConnections: await rows(
      `SELECT id, token_hash, rotated_at, revoked_at FROM scim_connections WHERE ${ownedBy} ORDER BY id`,
      user.id,
    ),
    ssoConnections: await rows(
      `SELECT id, name, config, secret_sealed, enforced, updated_at FROM sso_connections WHERE ${ownedBy} ORDER BY id`,
      user.id,
    ),
    organizationAudit: await rows(`SELECT id, action FROM audit_log WHERE ${ownedBy} ORDER BY rowid`, user.id),
  };
}

/** A SAML connection to the test IdP: one the operations on an organization's connections would act on. */
const samlConnection = (name: string) => samlConnectionBody(samlKeys.idp.cert, name);

/** An organization `user` owns, with a SCIM connection and a SAML connection (made while no factor asks for a check). */
async function administeredOrganization(user: TestUser) {
  const organization_id = await createOrganization(user);
  const scim = await createScimConnection(user, organization_id);
  const sso = await api("POST", `/v1/organizations/${organization_id}/sso/connections`, {
    token: user.token,
    body: samlConnection("Okta"),
  });
  expect(sso.status, sso.text).toBe(201);
  return { organization_id, scim_connection_id: scim.id, sso_connection_id: sso.body.data.id as string };
}

/** A body the operation would act on if it let the caller through (the rule must refuse before it). */
async function attackBody(op: Operation): Promise<unknown> {
  switch (op.operationId) {
    case "changePassword":
      return { current_password: PASSWORD, new_password: "another-horse-97" };
    case "requestEmailChange":
      return { new_email: uniqueEmail("thief"), password: PASSWORD };
    case "deleteMe":
      return { password: PASSWORD };
    case "createApiKey":
      return { name: "planted", scopes: ["profile"] };
    case "rotateApiKey":
      return { grace_period_seconds: 600 };
    case "createOAuthClient":
      return {
        name: "Planted",
        client_type: "confidential",
        redirect_uris: [],
        grant_types: ["client_credentials"],
        scopes: ["profile"],
      };
    case "confirmTotp":
      return { code: "123456" };
    case "registerPasskey": {
      // A well-formed registration the thief's own authenticator made for options it could not get.
      const thief = await SoftAuthenticator.create(ORIGIN);
      const challenge = btoa(crypto.randomUUID()).replace(/=+$/, "");
      return {
        name: "Planted",
        response: await thief.register({ challenge, rp: { id: "127.0.0.1" }, user: { id: challenge } }),
      };
    }
    case "renamePasskey":
      return { name: "Planted" };
    case "createScimConnection":
      return { name: "Planted", group_roles: { Everyone: "admin" } };
    case "createSsoConnection":
      return samlConnection("Planted");
    case "updateSsoConnection":
      return { name: "Planted", enforced: true, add_certificates: [samlKeys.attacker.cert] };
    default:
      return op.hasBody ? {} : undefined;
  }
}

function fill(path: string, ids: Record<string, string>) {
  return path.replace(/\{([^}]+)\}/g, (_, param: string) => {
    // SCIM and SSO connections share the parameter's name, not its id format.
    const name = param === "connection_id" ? (path.includes("/scim/") ? "scim_" : "sso_") + param : param;
    const id = ids[name];
    if (!id) throw new Error(`no id for {${name}}: add the account's own to the matrix's fillers`);
    return id;
  });
}

interface Target {
  user: TestUser;
  ids: Record<string, string>;
  credentials: Credential[];
}

async function attack(op: Operation, target: Target, failures: string[]) {
  for (const credential of target.credentials) {
    const before = await securityState(target.user);
    const body = await attackBody(op);
    const res: ApiResponse = await api(op.method, fill(op.path, target.ids), {
      headers: credential.headers,
      ...(body === undefined ? {} : { body }),
    });
    const err = res.body?.error;
    const { status, code, reason } = credential.refusal;
    if (res.status !== status || err?.code !== code || (reason && err?.details?.reason !== reason))
      failures.push(`${op.method} ${op.path} with ${credential.kind}: ${res.status} ${res.text.slice(0, 160)}`);
    expect(await securityState(target.user), `${op.method} ${op.path} with ${credential.kind}`).toEqual(before);
  }
}

describe("account security: only the holder's first-party sign-in, with a recent check where there is a factor", () => {
  let ops: Operation[];
  let secured: Target & { app: { nextCode(): Promise<string> } };
  let plain: Target;

  beforeAll(async () => {
    ops = await markedOperations();
    const vendor = await registerUser();

    // An account with an authenticator app and a passkey, whose credentials all predate them. Both
    // accounts are enterprise's: the matrix makes more calls in a minute than basic's rate limit allows.
    const user = await registerUser({ tier: "enterprise" });
    const creds = await credentialsOf(user, vendor);
    const organization = await administeredOrganization(user);
    const enrol = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
    expect(enrol.status, enrol.text).toBe(201);
    const app = authenticatorApp(enrol.body.data.secret);
    const confirm = await api("POST", "/v1/users/me/mfa/totp/confirm", {
      token: user.token,
      body: { code: await app.nextCode() },
    });
    expect(confirm.status, confirm.text).toBe(200);
    // The enrolment counted as this sign-in's check: it may add a passkey now.
    const options = await api("POST", "/v1/users/me/mfa/passkeys/options", { token: user.token });
    expect(options.status, options.text).toBe(200);
    const authenticator = await SoftAuthenticator.create(ORIGIN);
    const passkey = await api("POST", "/v1/users/me/mfa/passkeys", {
      token: user.token,
      body: { name: "Laptop", response: await authenticator.register(options.body.data) },
    });
    expect(passkey.status, passkey.text).toBe(201);
    const ids = {
      id: passkey.body.data.passkey.id as string,
      sign_in_id: decodePayload(user.token).sid as string,
      key_id: creds.apiKeyId,
      ...organization,
    };
    secured = { user, ids, credentials: [...creds.firstParty, ...creds.thirdParty], app };

    // An account with no second factor: only its holder's sign-in is let through, with no check to ask for.
    const bare = await registerUser({ tier: "enterprise" });
    const bareCreds = await credentialsOf(bare, vendor);
    plain = {
      user: bare,
      ids: {
        id: "passkey_1000000000000000000",
        sign_in_id: decodePayload(bare.token).sid as string,
        key_id: bareCreds.apiKeyId,
        ...(await administeredOrganization(bare)),
      },
      credentials: bareCreds.thirdParty,
    };
  }, 180_000);

  it("the served document marks the class: factors, recovery codes, password, email, sign-ins, keys, clients, deletion, identity connections", () => {
    const marked = new Set(ops.map((o) => `${o.method} ${o.path}`));
    for (const name of [
      "POST /v1/users/me/mfa/totp",
      "POST /v1/users/me/mfa/totp/confirm",
      "DELETE /v1/users/me/mfa/totp",
      "POST /v1/users/me/mfa/recovery-codes",
      "POST /v1/users/me/mfa/passkeys/options",
      "POST /v1/users/me/mfa/passkeys",
      "PATCH /v1/users/me/mfa/passkeys/{id}",
      "DELETE /v1/users/me/mfa/passkeys/{id}",
      "PUT /v1/users/me/password",
      "POST /v1/users/me/email",
      "DELETE /v1/users/me/sessions",
      "DELETE /v1/users/me/sessions/{sign_in_id}",
      "POST /v1/api-keys",
      "POST /v1/api-keys/{key_id}/rotate",
      "POST /v1/oauth/clients",
      "DELETE /v1/users/me",
      "POST /v1/organizations/{organization_id}/scim/connections",
      "POST /v1/organizations/{organization_id}/scim/connections/{connection_id}/rotate",
      "DELETE /v1/organizations/{organization_id}/scim/connections/{connection_id}",
      "POST /v1/organizations/{organization_id}/sso/connections",
      "PATCH /v1/organizations/{organization_id}/sso/connections/{connection_id}",
      "DELETE /v1/organizations/{organization_id}/sso/connections/{connection_id}",
    ]) {
      expect(marked.has(name), name).toBe(true);
    }
  });

  it("on an account with a second factor: every other credential refused, nothing changed", async () => {
    const failures: string[] = [];
    for (const op of ops) await attack(op, secured, failures);
    expect(failures).toEqual([]);
  }, 180_000);

  it("on an account without one: API keys and OAuth tokens refused, nothing changed (no factor planted)", async () => {
    const failures: string[] = [];
    for (const op of ops) await attack(op, plain, failures);
    expect(failures).toEqual([]);
  }, 180_000);

  it("the holder's sign-in after a step-up passes the rule (the refusals above are the rule's, not the setup's)", async () => {
    const up = await api("POST", "/v1/auth/mfa/step-up", {
      token: secured.user.token,
      body: { code: await secured.app.nextCode() },
    });
    expect(up.status, up.text).toBe(200);
    // An invalid body or an unknown id: past the rule, refused by validation or as not found, changing nothing.
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.hasBody || o.path.includes("{"))) {
      const res = await api(
        op.method,
        fill(op.path, {
          id: "passkey_1",
          sign_in_id: "nope",
          key_id: "key_1",
          organization_id: "org_1",
          scim_connection_id: "scim_1",
          sso_connection_id: "sso_1",
        }),
        {
          token: secured.user.token,
          ...(op.hasBody ? { body: { unexpected: true } } : {}),
        },
      );
      if (res.status === 401 || res.status === 403 || res.status < 400)
        failures.push(`${op.method} ${op.path}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});
