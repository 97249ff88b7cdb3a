import { consumeOnceWrite, rememberOnceWrite } from "../../../../db/sso-once";
import { AppError } from "../../../../errors";
import { sha256Base64url } from "../../../../lib/crypto";
import { randomToken } from "../../../../lib/ids";
import type { Context } from "../../../context";
import { dataEncryptionKey } from "../../../encryption/data-key";
import { open } from "../../../encryption/secret-box";
import { commitWrite } from "../../../unit-of-work";
import { issueLoginTokens, type LoginResult } from "../../login-tokens";
import { loadConnection } from "../connections";
import { type ConnectionLookup, connectionFor } from "../discovery";
import { type Handoff, type HandoffPurpose, leaveHandoff, spendPendingHandoff } from "../handoff-store";
import { provisionExternal } from "../provision";
import { roleOf } from "../roles";
import { ID_TOKEN_SKEW_SECONDS, type IdTokenClaims, IdTokenRejection, verifyIdToken } from "./id-token";
import { issuerKeys } from "./jwks";
import { IdpUnusable, idpRequest, idpUnavailable } from "./outbound";
import { oidcRedirectUri } from "./settings";

/** How long a browser's sign-in waits at the provider for its user. */
export const OIDC_SIGN_IN_TTL_MS = 10 * 60_000;
/**
 * The browser's cookie: `<connection>.<state>.<nonce>.<code_verifier>`, then `.<purpose>:<handle>`
 * when a sign-in page's "Sign in with SSO" started it (browser-handoff.ts).
 */
const PENDING =
  /^(sso_\d{1,30})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})(?:\.(oauth|console):([A-Za-z0-9_-]{43}))?$/;

const rejected = (reason: string) => new AppError("OIDC_RESPONSE_INVALID", { details: { reason } });

/**
 * Starts an authorization code sign-in (Core §3.1.2.1) with PKCE S256 (RFC 7636 §4.2), a fresh
 * `state` and `nonce`. All three travel in the browser's cookie (`cookie`); the server remembers,
 * once and for OIDC_SIGN_IN_TTL_MS, only the digest of that cookie: the callback succeeds for the
 * browser that started the sign-in, once, and a stolen code is useless without the verifier.
 */
export async function startOidcLogin(ctx: Context, input: { by: ConnectionLookup; handoff?: Handoff }) {
  // By id, or by an email / domain its organization verified: the same discovery as SAML's /saml/login.
  const connectionId = await connectionFor(ctx, { ...input.by, kind: "oidc" });
  const { row, config } = await loadConnection(ctx, { id: connectionId, kind: "oidc" });
  const [state, nonce, verifier] = [randomToken(32), randomToken(32), randomToken(32)];
  const back = input.handoff ? `.${input.handoff.purpose}:${input.handoff.handle}` : "";
  const cookie = `${row.id}.${state}.${nonce}.${verifier}${back}`;
  await commitWrite(
    ctx,
    rememberOnceWrite(ctx.db, `oidc:${await sha256Base64url(cookie)}`, row.id, ctx.now() + OIDC_SIGN_IN_TTL_MS),
  );
  const url = new URL(config.authorization_endpoint);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: config.client_id,
    redirect_uri: oidcRedirectUri(ctx.config.issuer),
    scope: ["openid", ...config.scopes].join(" "),
    state,
    nonce,
    code_challenge: await sha256Base64url(verifier),
    code_challenge_method: "S256",
  }))
    url.searchParams.set(k, v);
  return { cookie, url: url.toString(), connectionId: row.id };
}

export interface OidcCallback {
  /** The browser's pending-sign-in cookie (startOidcLogin's), or undefined. */
  cookie: string | undefined;
  query: {
    code?: string | undefined;
    state?: string | undefined;
    error?: string | undefined;
    iss?: string | undefined;
  };
  country: string;
}

/**
 * The redirect URI: the browser's pending sign-in spent (its state must be the one in the query),
 * the code exchanged with the client secret and the verifier, the ID token checked (id-token.ts),
 * its nonce spent, then the takeover rules (a verified email, in a verified domain: provision.ts)
 * before anything is linked, created or issued; then the same tokens as the SAML ACS, or, for a
 * sign-in page's "Sign in with SSO", the one-time hand-off that page takes (browser-handoff.ts).
 */
export async function finishOidcLogin(
  ctx: Context,
  input: OidcCallback,
): Promise<
  | ({ handoff: null } & LoginResult & { organizationId: string })
  | { handoff: Handoff; userId: string; organizationId: string }
> {
  const now = ctx.now();
  const pending = PENDING.exec(input.cookie ?? "");
  if (!pending) throw rejected("no sign-in is pending in this browser");
  const [, connectionId, state, nonce, verifier, purpose, handle] = pending as unknown as [
    string,
    string,
    string,
    string,
    string,
    HandoffPurpose | undefined,
    string | undefined,
  ];
  const handoff = purpose && handle ? { purpose, handle } : null;
  if (input.query.state !== state) throw rejected("state does not match this browser's sign-in");
  if (
    !(await commitWrite(
      ctx,
      consumeOnceWrite(ctx.db, `oidc:${await sha256Base64url(input.cookie!)}`, connectionId, now),
    ))
  ) {
    throw rejected("state already used or expired");
  }
  if (input.query.error) throw rejected(`the provider answered ${input.query.error.slice(0, 64)}`);
  const { row, config } = await loadConnection(ctx, { id: connectionId, kind: "oidc" });
  // RFC 9207 §2.4: a response naming another issuer is a mix-up.
  if (input.query.iss !== undefined && input.query.iss !== config.issuer) throw rejected("iss names another issuer");
  if (!input.query.code) throw rejected("no code");

  const secret = row.secretSealed ? await open(await dataEncryptionKey(ctx.config), row.secretSealed, row.id) : null;
  if (secret === null) throw rejected("the connection has no client secret");
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code: input.query.code,
    redirect_uri: oidcRedirectUri(ctx.config.issuer),
    code_verifier: verifier,
  });
  let authorization: string | undefined;
  if (config.token_endpoint_auth_method === "client_secret_basic") {
    // RFC 6749 §2.3.1: each part form-urlencoded before Basic.
    const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
    authorization = `Basic ${btoa(`${enc(config.client_id)}:${enc(secret)}`)}`;
  } else {
    form.set("client_id", config.client_id);
    form.set("client_secret", secret);
  }
  let claims: IdTokenClaims;
  try {
    const answer = await idpRequest(ctx, {
      url: config.token_endpoint,
      form,
      ...(authorization ? { authorization } : {}),
    });
    const body = (answer.body ?? {}) as { id_token?: unknown; error?: unknown };
    if (answer.status >= 500) throw new IdpUnusable(`token endpoint answered HTTP ${answer.status}`);
    if (answer.status !== 200)
      throw rejected(`the token endpoint refused the code (${String(body.error ?? answer.status)})`);
    if (typeof body.id_token !== "string") throw rejected("the token response has no id_token");
    claims = await verifyIdToken({
      idToken: body.id_token,
      keys: issuerKeys(ctx, config.jwks_uri),
      issuer: config.issuer,
      clientId: config.client_id,
      algorithms: config.id_token_algs,
      nonce,
      now: new Date(now),
    });
  } catch (error) {
    if (error instanceof IdTokenRejection) throw rejected(error.reason);
    if (error instanceof IdpUnusable) throw idpUnavailable(error.message);
    throw error;
  }
  // Each nonce signs in once (Core §15.5.2), whatever happened to the state.
  const expiresAt = ((claims.exp ?? now / 1000) + ID_TOKEN_SKEW_SECONDS) * 1000;
  if (!(await commitWrite(ctx, rememberOnceWrite(ctx.db, `oidc-nonce:${row.id}:${nonce}`, row.id, expiresAt)))) {
    throw rejected("nonce already used");
  }
  if (!emailVerified(claims)) throw rejected("the provider does not say the email is verified (email_verified)");
  const email = typeof claims.email === "string" ? claims.email.toLowerCase() : "";
  const groups = claims[config.groups_claim];
  const user = await provisionExternal(ctx, {
    organizationId: row.organizationId,
    connectionId: row.id,
    identity: {
      subject: claims.sub,
      email,
      username:
        typeof claims.preferred_username === "string" && !claims.preferred_username.includes("@")
          ? claims.preferred_username
          : (email.split("@")[0] ?? ""),
      role: roleOf(config, Array.isArray(groups) ? groups.filter((g): g is string => typeof g === "string") : []),
    },
    country: input.country,
  });
  if (handoff) {
    // The page's pending handle, spent once (the cookie that names it was already spent above).
    if (!(await spendPendingHandoff(ctx, { ...handoff, connectionId: row.id }))) {
      throw rejected("the sign-in page's request expired");
    }
    await leaveHandoff(ctx, { ...handoff, connectionId: row.id, userId: user.id });
    return { handoff, userId: user.id, organizationId: row.organizationId };
  }
  return {
    handoff: null,
    user,
    ...(await issueLoginTokens(ctx, { user, familyId: crypto.randomUUID(), organizationId: row.organizationId })),
    organizationId: row.organizationId,
  };
}

/**
 * `email_verified: true` (Core §5.1), the takeover rules' proof that the provider checked the
 * address. Entra ID never sends that claim; its `xms_edov` ("email domain owner verified", an
 * optional claim) says the same and is accepted in its place, never over an explicit false.
 */
function emailVerified(claims: IdTokenClaims): boolean {
  if (claims.email_verified !== undefined) return claims.email_verified === true;
  return claims.xms_edov === true;
}
