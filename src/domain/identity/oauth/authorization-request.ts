import { insertAuthorizationCodeStatement } from "../../../db/authorization-codes";
import { iso } from "../../../lib/clock";
import { sha256Hex } from "../../../lib/crypto";
import { newId, randomToken } from "../../../lib/ids";
import type { Context } from "../../context";
import { audienceOf, mcpResourceOf } from "../access-tokens";
import type { Scope } from "../scopes";
import type { OAuthClient } from "./clients";
import type { OAuthErrorCode } from "./errors";
import { OAuthError } from "./errors";
import { isValidS256Challenge } from "./pkce";
import { isRegisteredRedirectUri } from "./redirect-uris";
import { clientForAuthorization } from "./registration";
import { grantScopes } from "./scopes";

/** Codes live five minutes (RFC 6749 §4.1.2 recommends at most ten). */
const AUTHORIZATION_CODE_TTL_SECONDS = 300;
const CODE_PREFIX = "saac_";
/** RFC 6749 Appendix A.5: state is VSCHAR (printable ASCII); we also cap its length. */
const STATE = /^[\x20-\x7E]{1,500}$/;

/** The parameters of the authorization request that travel through the login and consent forms. */
export const AUTHORIZATION_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
  "resource",
] as const;
export type AuthorizationParams = Partial<Record<(typeof AUTHORIZATION_PARAMS)[number], string>>;

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: Scope[];
  state?: string;
  codeChallenge?: string;
  /** RFC 8707: the MCP server's identifier when the grant is for it; absent for the REST API. */
  resource?: string;
  params: AuthorizationParams;
}

export type Validation =
  | { kind: "ok"; request: AuthorizationRequest }
  /** Not redirectable (RFC 6749 §4.1.2.1: bad client_id or redirect_uri): shown on the page. */
  | { kind: "fatal"; message: string }
  /** Redirectable error (§4.1.2.1). */
  | { kind: "redirect"; redirectUri: string; state?: string; error: OAuthErrorCode; description: string };

/** Read the parameters, refusing repeats (RFC 6749 §3.1). Returns the repeated name, if any. */
export function readAuthorizationParams(source: URLSearchParams): { params: AuthorizationParams; repeated?: string } {
  const params: AuthorizationParams = {};
  let repeated: string | undefined;
  for (const name of AUTHORIZATION_PARAMS) {
    const values = source.getAll(name);
    if (values.length > 1) repeated ??= name;
    if (values[0] !== undefined && values[0] !== "") params[name] = values[0];
  }
  return { params, ...(repeated ? { repeated } : {}) };
}

/**
 * Validate an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3).
 * First the client and redirect URI — errors there are never redirected,
 * so an attacker cannot use us as an open redirector (§10.15) — then
 * everything else, whose errors go back to the client's redirect URI.
 */
export async function validateAuthorizationRequest(
  ctx: Context,
  { source }: { source: URLSearchParams },
): Promise<Validation> {
  const issuer = ctx.config.issuer;
  const { params, repeated } = readAuthorizationParams(source);
  if (repeated === "client_id" || repeated === "redirect_uri")
    return { kind: "fatal", message: `The parameter ${repeated} was sent more than once.` };
  if (!params.client_id) return { kind: "fatal", message: "The request has no client_id." };
  const client = await clientForAuthorization(ctx, params.client_id);
  if (!client) return { kind: "fatal", message: "The application (client_id) is unknown." };

  let redirectUri = params.redirect_uri;
  if (redirectUri === undefined) {
    // §3.1.2.3: may be omitted only when exactly one is registered.
    if (client.redirectUris.length !== 1)
      return {
        kind: "fatal",
        message: "The request has no redirect_uri, and the application does not have exactly one registered.",
      };
    redirectUri = client.redirectUris[0]!;
  } else if (!isRegisteredRedirectUri(client.redirectUris, redirectUri)) {
    return { kind: "fatal", message: "The redirect_uri is not registered for this application." };
  }

  const state = params.state !== undefined && STATE.test(params.state) ? params.state : undefined;
  const fail = (error: OAuthErrorCode, description: string): Validation => ({
    kind: "redirect",
    redirectUri: redirectUri!,
    ...(state ? { state } : {}),
    error,
    description,
  });
  if (repeated) return fail("invalid_request", `The parameter ${repeated} was sent more than once.`);
  if (params.state !== undefined && !state)
    return fail("invalid_request", "state must be at most 500 printable ASCII characters.");
  if (params.response_type !== "code") {
    return params.response_type === undefined
      ? fail("invalid_request", "response_type is required.")
      : fail("unsupported_response_type", "Only response_type=code is supported.");
  }
  if (!client.grantTypes.includes("authorization_code"))
    return fail("unauthorized_client", "This application may not use the authorization code flow.");

  let scopes: Scope[];
  try {
    scopes = grantScopes(params.scope, client.allowedScopes);
  } catch (err) {
    if (err instanceof OAuthError) return fail("invalid_scope", err.description);
    throw err;
  }

  // PKCE (RFC 7636 §4.3, §4.4.1): required for public clients; only S256 (plain is refused, RFC 9700 §2.1.1).
  const { code_challenge: challenge, code_challenge_method: method } = params;
  if (challenge === undefined) {
    if (method !== undefined) return fail("invalid_request", "code_challenge_method was sent without code_challenge.");
    if (client.clientType === "public")
      return fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256.");
  } else {
    if (method !== "S256")
      return fail("invalid_request", "Only code_challenge_method=S256 is supported (plain is refused).");
    if (!isValidS256Challenge(challenge))
      return fail("invalid_request", "code_challenge must be 43 base64url characters (S256).");
  }

  let resource: string | null;
  try {
    resource = grantResource(params.resource, issuer);
  } catch (err) {
    if (err instanceof OAuthError) return fail(err.error, err.description);
    throw err;
  }

  return {
    kind: "ok",
    request: {
      client,
      redirectUri,
      scopes,
      ...(state ? { state } : {}),
      ...(challenge ? { codeChallenge: challenge } : {}),
      ...(resource ? { resource } : {}),
      params,
    },
  };
}

/**
 * The resource a grant is for (RFC 8707 §2): the REST API (`<issuer>/v1`, also when the parameter is absent) →
 * null, or the MCP server (`<issuer>/mcp`) → its identifier. Anything else is invalid_target: we issue tokens for
 * no other resource, and so pass none on to another service.
 */
export function grantResource(requested: string | undefined, issuer: string): string | null {
  if (requested === undefined || requested === audienceOf(issuer)) return null;
  if (requested === mcpResourceOf(issuer)) return requested;
  throw new OAuthError(
    "invalid_target",
    `Tokens are issued for ${mcpResourceOf(issuer)} (the MCP server) or ${audienceOf(issuer)} (the REST API) only.`,
  );
}

/** Issue a single-use code for an approved request; returns the code (stored only hashed). */
export async function issueAuthorizationCode(
  ctx: Context,
  { request, userId, scopes }: { request: AuthorizationRequest; userId: string; scopes: Scope[] },
): Promise<string> {
  const now = ctx.now();
  const code = CODE_PREFIX + randomToken(32);
  const insert = insertAuthorizationCodeStatement(ctx.db, {
    id: newId("code", now),
    codeHash: await sha256Hex(code),
    clientId: request.client.id,
    userId,
    redirectUri: request.redirectUri,
    scope: scopes.join(" "),
    codeChallenge: request.codeChallenge ?? null,
    familyId: crypto.randomUUID(),
    resource: request.resource ?? null,
    createdAt: iso(now),
    expiresAt: iso(now + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
    usedAt: null,
  });
  await ctx.commit([insert]);
  return code;
}

/** The redirect back to the client (RFC 6749 §4.1.2, §4.1.2.1), with `iss` (RFC 9207). */
export function redirectBack(redirectUri: string, issuer: string, values: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(values)) if (v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set("iss", issuer);
  return url.toString();
}
