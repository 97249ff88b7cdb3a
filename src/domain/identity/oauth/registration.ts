import {
  insertRegisteredClientStatement,
  type RegisteredClientRow,
  touchRegisteredClientStatement,
  upsertRegisteredClientStatement,
} from "../../../db/registered-clients";
import { iso } from "../../../lib/clock";
import { newId } from "../../../lib/ids";
import { checkHttpTarget } from "../../../lib/target-address";
import type { Context } from "../../context";
import { allowPrivateUrls } from "../../webhooks/deliveries";
import { REFRESH_TOKEN_TTL } from "../refresh-rotation";
import { isScope, type Scope, USER_SCOPES } from "../scopes";
import { findClient, type OAuthClient, registeredClientFromRow } from "./clients";
import { MAX_REDIRECT_URIS, redirectUriProblem } from "./redirect-uris";

/** A registration nobody used is gone after a day; each token issued keeps it as long as a refresh token lives. */
const UNUSED_REGISTRATION_TTL_SECONDS = 86_400;
/** A metadata document is read again once its cached copy is this old. */
const METADATA_DOCUMENT_TTL_SECONDS = 86_400;
const MAX_NAME = 100;

/** RFC 7591 §3.2.2 errors; rendered as `{error, error_description}` with 400. */
export class RegistrationError extends Error {
  constructor(
    readonly error: "invalid_redirect_uri" | "invalid_client_metadata",
    readonly description: string,
  ) {
    super(description);
    this.name = "RegistrationError";
  }
}

interface ClientMetadata {
  redirectUris: string[];
  name: string;
  scopes: Scope[];
  clientUri: string | null;
}

const asStrings = (v: unknown) => (Array.isArray(v) && v.every((s) => typeof s === "string") ? (v as string[]) : null);

/**
 * The client metadata (RFC 7591 §2) we accept from a client that registers itself: public clients only
 * (token_endpoint_auth_method none, so PKCE S256 on every authorization), the authorization_code grant (with
 * refresh), redirect URIs as for any client (https, or http on loopback), scopes within a user's.
 */
function readClientMetadata(body: unknown): ClientMetadata {
  const bad = (d: string) => new RegistrationError("invalid_client_metadata", d);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw bad("The body must be a JSON object.");
  const m = body as Record<string, unknown>;
  const redirectUris = asStrings(m.redirect_uris);
  if (!redirectUris || redirectUris.length === 0)
    throw new RegistrationError("invalid_redirect_uri", "redirect_uris must be a non-empty array of URIs.");
  if (redirectUris.length > MAX_REDIRECT_URIS)
    throw new RegistrationError("invalid_redirect_uri", `At most ${MAX_REDIRECT_URIS} redirect_uris.`);
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new RegistrationError("invalid_redirect_uri", `${uri.slice(0, 200)} ${problem}.`);
  }
  const method = m.token_endpoint_auth_method;
  if (method !== undefined && method !== "none")
    throw bad("Only public clients register themselves: token_endpoint_auth_method must be none (PKCE S256).");
  const grants = m.grant_types === undefined ? ["authorization_code"] : asStrings(m.grant_types);
  if (
    !grants?.includes("authorization_code") ||
    grants.some((g) => g !== "authorization_code" && g !== "refresh_token")
  )
    throw bad("grant_types must be authorization_code (and refresh_token).");
  const responseTypes = m.response_types === undefined ? ["code"] : asStrings(m.response_types);
  if (!responseTypes || responseTypes.some((t) => t !== "code")) throw bad("response_types must be code.");
  if (m.client_name !== undefined && (typeof m.client_name !== "string" || m.client_name.trim() === ""))
    throw bad("client_name must be a non-empty string.");
  const name = (typeof m.client_name === "string" ? m.client_name.trim() : new URL(redirectUris[0]!).host).slice(
    0,
    MAX_NAME,
  );
  let scopes: Scope[] = [...USER_SCOPES];
  if (m.scope !== undefined) {
    if (typeof m.scope !== "string") throw bad("scope must be a space-separated string.");
    const names = m.scope.split(" ").filter((s) => s !== "");
    const refused = names.filter((s) => !isScope(s) || !USER_SCOPES.includes(s));
    if (refused.length > 0) throw bad(`Unknown or unavailable scope: ${refused.slice(0, 3).join(" ").slice(0, 100)}.`);
    if (names.length === 0) throw bad("scope is empty.");
    scopes = [...new Set(names as Scope[])];
  }
  let clientUri: string | null = null;
  if (m.client_uri !== undefined) {
    if (typeof m.client_uri !== "string" || !/^https:\/\/[^\s]{1,500}$/.test(m.client_uri))
      throw bad("client_uri must be an https URL.");
    clientUri = m.client_uri;
  }
  return { redirectUris: [...new Set(redirectUris)], name, scopes, clientUri };
}

/** The registration response (RFC 7591 §3.2.1): no secret, public client. */
function registrationResponse(client: OAuthClient, expiresAt?: string) {
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(Date.parse(client.createdAt) / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    scope: client.allowedScopes.join(" "),
    ...(expiresAt ? { registration_expires_at: Math.floor(Date.parse(expiresAt) / 1000) } : {}),
  };
}

/** POST /oauth2/register (RFC 7591 §3): store a public client; it expires unless a token is issued to it. */
export async function registerDynamicClient(ctx: Context, { body }: { body: unknown }) {
  const now = ctx.now();
  const meta = readClientMetadata(body);
  const row: RegisteredClientRow = {
    id: newId("dcr", now),
    source: "dynamic",
    name: meta.name,
    redirectUris: meta.redirectUris,
    allowedScopes: meta.scopes.join(" "),
    clientUri: meta.clientUri,
    createdAt: iso(now),
    lastUsedAt: null,
    expiresAt: iso(now + UNUSED_REGISTRATION_TTL_SECONDS * 1000),
  };
  await ctx.commit([insertRegisteredClientStatement(ctx.db, row)]);
  return registrationResponse(registeredClientFromRow(row), row.expiresAt);
}

/** A token was issued to a self-registered client: keep it while its refresh tokens can live. */
export async function keepRegisteredClient(ctx: Context, { client }: { client: OAuthClient }) {
  if (client.source === "console") return;
  const now = ctx.now();
  await ctx.commit([touchRegisteredClientStatement(ctx.db, client.id, iso(now), iso(now + REFRESH_TOKEN_TTL * 1000))]);
}

/**
 * The client named by an https client_id (a Client ID Metadata Document, draft-ietf-oauth-client-id-metadata-document):
 * the cached copy while it is fresh, else the document read again through the webhook SSRF guard
 * (src/lib/target-address.ts). The document must name itself as client_id; it is read again at an
 * authorization once its copy is a day old (a client that tokens were issued to stays known to the token endpoint).
 * Null when the URL or the document is refused (the authorize page then shows the client as unknown).
 */
async function resolveMetadataDocumentClient(ctx: Context, clientId: string): Promise<OAuthClient | null> {
  const now = ctx.now();
  const cached = await findClient(ctx, clientId);
  if (cached && Date.parse(cached.createdAt) > now - METADATA_DOCUMENT_TTL_SECONDS * 1000) return cached;
  const verdict = checkHttpTarget(clientId, { allowPrivate: allowPrivateUrls(ctx.config) });
  // The draft requires an https URL with a path; http is accepted only where private URLs are (development).
  if (!verdict.ok || verdict.url.pathname === "/" || verdict.url.hash || verdict.url.search) return null;
  let document: unknown;
  try {
    document = await ctx.ports.clientMetadata.read(verdict.url);
  } catch {
    return null;
  }
  if (typeof document !== "object" || document === null || (document as { client_id?: unknown }).client_id !== clientId)
    return null;
  let meta: ClientMetadata;
  try {
    meta = readClientMetadata(document);
  } catch {
    return null;
  }
  const row: RegisteredClientRow = {
    id: clientId,
    source: "metadata_document",
    name: meta.name,
    redirectUris: meta.redirectUris,
    allowedScopes: meta.scopes.join(" "),
    clientUri: meta.clientUri,
    createdAt: iso(now),
    lastUsedAt: null,
    expiresAt: iso(now + METADATA_DOCUMENT_TTL_SECONDS * 1000),
  };
  await ctx.commit([upsertRegisteredClientStatement(ctx.db, row)]);
  return registeredClientFromRow(row);
}

/**
 * The client an authorization request names: a metadata document's URL (https; http only where private URLs are
 * allowed, in development) is read or taken from its fresh copy, any other client_id is looked up.
 */
export function clientForAuthorization(ctx: Context, clientId: string): Promise<OAuthClient | null> {
  return clientId.startsWith("https://") || (clientId.startsWith("http://") && ctx.config.webhookAllowPrivateUrls)
    ? resolveMetadataDocumentClient(ctx, clientId)
    : findClient(ctx, clientId);
}
