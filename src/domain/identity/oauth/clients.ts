import { rowWritten } from "../../../db/changes";
import {
  deleteClientOfUserStatements,
  familiesOfClient,
  findClientById,
  insertClientStatement,
  listClientsOfUser,
  type OAuthClientRow,
  type RegistrableGrant,
} from "../../../db/oauth-clients";
import { findRegisteredClient, type RegisteredClientRow } from "../../../db/registered-clients";
import {
  rememberRevokedClients,
  rememberRevokedSessions,
  revokeClientStatement,
  revokeSessionStatement,
} from "../../../db/revocations";
import { AppError, invalidField } from "../../../errors";
import { iso } from "../../../lib/clock";
import { sha256Hex } from "../../../lib/crypto";
import { newId, randomToken } from "../../../lib/ids";
import type { Context, UserContext } from "../../context";
import { cutOffGrant } from "../../organizations/cut-off";
import { CLIENT_TOKEN_TTL } from "../access-tokens";
import type { HolderContext } from "../account-holder";
import { parseScopeString, type Scope } from "../scopes";
import { MAX_REDIRECT_URIS, redirectUriProblem } from "./redirect-uris";

const CLIENT_SECRET_PREFIX = "sacs_";
type ClientType = "confidential" | "public";

export type { RegistrableGrant };

/** What a registration may list (RFC 7591 §2 grant_types); refresh_token is implied, never stored. */
type RequestedGrant = RegistrableGrant | "refresh_token";

/** How a client came to be: registered by a user (the API or console), by itself (RFC 7591), or a metadata document. */
type ClientSource = "console" | "dynamic" | "metadata_document";

export interface OAuthClient {
  id: string;
  source: ClientSource;
  ownerUserId: string;
  name: string;
  clientType: ClientType;
  secretHash: string | null;
  redirectUris: string[];
  grantTypes: RegistrableGrant[];
  allowedScopes: Scope[];
  createdAt: string;
}

function clientFromRow(row: OAuthClientRow): OAuthClient {
  return {
    ...row,
    source: "console",
    allowedScopes: parseScopeString(row.allowedScopes),
  };
}

/** A self-registered client (docs/mcp.md): public, authorization_code with PKCE, no owner. */
export function registeredClientFromRow(row: RegisteredClientRow): OAuthClient {
  return {
    id: row.id,
    source: row.source,
    ownerUserId: "",
    name: row.name,
    clientType: "public",
    secretHash: null,
    redirectUris: row.redirectUris,
    grantTypes: ["authorization_code"],
    allowedScopes: parseScopeString(row.allowedScopes),
    createdAt: row.createdAt,
  };
}

/** The client with this id: a user's, a dynamically registered one, or a metadata document's already read. */
export async function findClient(ctx: Context, clientId: string): Promise<OAuthClient | null> {
  // Metadata documents are https URLs (http only where private URLs are allowed: development, tests).
  if (clientId.startsWith("dcr_") || clientId.startsWith("https://") || clientId.startsWith("http://")) {
    if (clientId.length > 2000) return null;
    const row = await findRegisteredClient(ctx.db, clientId, iso(ctx.now()));
    return row ? registeredClientFromRow(row) : null;
  }
  if (clientId.length > 64) return null;
  const row = await findClientById(ctx.db, clientId);
  return row ? clientFromRow(row) : null;
}

export interface RegisterClientInput {
  name: string;
  client_type: ClientType;
  redirect_uris: string[];
  grant_types: RequestedGrant[];
  scopes: Scope[];
}

/**
 * Register a client for the caller. Public clients (no secret) may only use
 * authorization_code, always with PKCE; the authorization_code grant needs at
 * least one redirect URI. `refresh_token` (RFC 7591 §2 lists it as a grant
 * type) is accepted beside authorization_code, which implies it: refresh
 * tokens are issued only by that grant (RFC 6749 §4.4.3: none with
 * client_credentials), so on its own, or with client_credentials only, it is
 * invalid client metadata (RFC 7591 §3.2.2). Allowed scopes ⊆ the caller's.
 * The secret of a confidential client is returned once.
 */
export async function registerClient(ctx: HolderContext, input: RegisterClientInput) {
  const { principal } = ctx;
  const now = ctx.now();
  const requested = new Set(input.grant_types);
  if (requested.has("refresh_token") && !requested.has("authorization_code")) {
    throw invalidField("grant_types", "refresh_token is issued only with authorization_code; list that grant too");
  }
  const grants = [...requested].filter((g): g is RegistrableGrant => g !== "refresh_token");
  const redirectUris = [...new Set(input.redirect_uris)];
  if (input.client_type === "public" && grants.includes("client_credentials")) {
    throw invalidField("grant_types", "a public client cannot use client_credentials (it has no secret)");
  }
  if (grants.includes("authorization_code") && redirectUris.length === 0)
    throw invalidField("redirect_uris", "at least one is required for authorization_code");
  if (redirectUris.length > MAX_REDIRECT_URIS) throw invalidField("redirect_uris", `at most ${MAX_REDIRECT_URIS}`);
  for (const [i, uri] of redirectUris.entries()) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalidField(`redirect_uris.${i}`, problem);
  }
  const missing = input.scopes.filter((s) => !principal.scopes.has(s));
  if (missing.length > 0) {
    throw new AppError("INSUFFICIENT_PERMISSIONS", {
      message: `A client cannot be allowed scopes your credential lacks: ${missing.join(", ")}.`,
      details: { field: "scopes", missing_scopes: missing },
    });
  }
  const secret = input.client_type === "confidential" ? CLIENT_SECRET_PREFIX + randomToken(32) : null;
  const row: OAuthClientRow = {
    id: newId("client", now),
    ownerUserId: principal.userId,
    name: input.name,
    clientType: input.client_type,
    secretHash: secret ? await sha256Hex(secret) : null,
    redirectUris,
    grantTypes: grants,
    allowedScopes: [...new Set(input.scopes)].join(" "),
    createdAt: iso(now),
  };
  await ctx.commit([insertClientStatement(ctx.db, row)]);
  return { client: clientFromRow(row), secret };
}

export async function listClients(ctx: UserContext): Promise<OAuthClient[]> {
  return (await listClientsOfUser(ctx.db, ctx.principal.userId)).map(clientFromRow);
}

export async function getOwnClient(ctx: UserContext, { id }: { id: string }): Promise<OAuthClient> {
  const client = await findClient(ctx, id);
  if (!client || client.ownerUserId !== ctx.principal.userId)
    throw new AppError("RESOURCE_NOT_FOUND", { message: "OAuth client not found.", details: { client_id: id } });
  return client;
}

/**
 * Deletes a client of `userId` and revokes its refresh tokens in one commit. Returns the refresh
 * families that were live (their access tokens' `sid`s, for the caller to revoke); null if there
 * is no such client.
 */
export async function deleteClientOf(
  ctx: Context,
  input: { id: string; userId: string; at: string },
): Promise<string[] | null> {
  const families = await familiesOfClient(ctx.db, input.id);
  const [deleted] = await ctx.commit(deleteClientOfUserStatements(ctx.db, input.id, input.userId, input.at));
  return rowWritten(deleted) ? families : null;
}

/**
 * Delete a client: its codes go with it, its refresh tokens are revoked, and
 * so are its live access tokens and the sockets they opened.
 */
export async function deleteClient(ctx: UserContext, { id }: { id: string }): Promise<void> {
  const families = await deleteClientOf(ctx, { id, userId: ctx.principal.userId, at: iso(ctx.now()) });
  if (families === null)
    throw new AppError("RESOURCE_NOT_FOUND", { message: "OAuth client not found.", details: { client_id: id } });
  const now = ctx.now();
  await ctx.commit([
    revokeClientStatement(ctx.db, id, CLIENT_TOKEN_TTL, now),
    ...families.map((f) => revokeSessionStatement(ctx.db, f, CLIENT_TOKEN_TTL, now)),
  ]);
  rememberRevokedClients([id]);
  rememberRevokedSessions(families);
  await Promise.all(families.map((family) => cutOffGrant(ctx, { sid: family })));
}
