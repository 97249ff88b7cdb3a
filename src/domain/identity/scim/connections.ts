import {
  findScimConnectionOf,
  insertScimConnectionStatement,
  revokeScimConnectionStatement,
  rotateScimTokenStatement,
  type ScimConnectionRow,
  scimConnectionsOf,
} from "../../../db/scim-connections";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { sha256Hex } from "../../../lib/crypto";
import { newId, randomToken } from "../../../lib/ids";
import type { UserContext } from "../../context";
import { membershipIn } from "../../organizations/access";
import { auditStatement } from "../../organizations/audit";
import { requireRole } from "../../organizations/roles";
import type { HolderContext } from "../account-holder";

/** What a SCIM token starts with (so a leaked one is recognisable, as `sak_live_` API keys are). */
export const SCIM_TOKEN_PREFIX = "sascim_";

/** A directory maps its groups to these roles only: a directory never makes an owner (docs/sso.md "SCIM"). */
export type DirectoryRole = "admin" | "member";

export interface NewScimConnection {
  name: string;
  group_roles: Record<string, DirectoryRole>;
  default_role: DirectoryRole;
}

/** The SCIM base URL of a connection: what the organization pastes into its IdP (at the service's origin). */
export function scimBaseUrl(issuer: string, connectionId: string) {
  return `${issuer.replace(/\/$/, "")}/scim/v2/${connectionId}`;
}

function view(row: ScimConnectionRow, issuer: string) {
  return {
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    base_url: scimBaseUrl(issuer, row.id),
    token_prefix: row.tokenPrefix,
    group_roles: JSON.parse(row.groupRoles) as Record<string, DirectoryRole>,
    default_role: row.defaultRole,
    status: row.revokedAt ? ("revoked" as const) : ("active" as const),
    created_at: row.createdAt,
    rotated_at: row.rotatedAt,
    revoked_at: row.revokedAt,
    last_used_at: row.lastUsedAt,
  };
}

async function newToken() {
  const token = `${SCIM_TOKEN_PREFIX}${randomToken()}`;
  return { token, tokenHash: await sha256Hex(token), tokenPrefix: token.slice(0, SCIM_TOKEN_PREFIX.length + 6) };
}

async function administered(ctx: UserContext, organizationId: string) {
  const { role } = await membershipIn(ctx, { organizationId });
  requireRole(role, "admin");
}

/** Group names are matched case-insensitively, as displayName is caseExact false (RFC 7643 §4.2). */
const normalizedGroupRoles = (roles: Record<string, DirectoryRole>) =>
  Object.fromEntries(Object.entries(roles).map(([name, role]) => [name.trim().toLowerCase(), role]));

/** Creates a connection; its token is in this answer only (stored as SHA-256). Audited. */
export async function createScimConnection(
  ctx: HolderContext,
  input: { organizationId: string; connection: NewScimConnection },
) {
  const { organizationId, connection } = input;
  await administered(ctx, organizationId);
  const now = ctx.now();
  const { token, tokenHash, tokenPrefix } = await newToken();
  const row: ScimConnectionRow = {
    id: newId("scim", now),
    organizationId,
    name: connection.name,
    tokenHash,
    tokenPrefix,
    groupRoles: JSON.stringify(normalizedGroupRoles(connection.group_roles)),
    defaultRole: connection.default_role,
    createdAt: iso(now),
    rotatedAt: null,
    revokedAt: null,
    lastUsedAt: null,
  };
  await ctx.commit([
    insertScimConnectionStatement(ctx.db, row),
    auditStatement(ctx, {
      organizationId,
      entry: {
        action: "scim.connection_created",
        targetType: "scim_connection",
        targetId: row.id,
        after: { name: row.name, group_roles: JSON.parse(row.groupRoles), default_role: row.defaultRole },
      },
    }),
  ]);
  return { ...view(row, ctx.config.issuer), token };
}

export async function listScimConnections(ctx: UserContext, input: { organizationId: string }) {
  await administered(ctx, input.organizationId);
  return (await scimConnectionsOf(ctx.db, input.organizationId)).map((r) => view(r, ctx.config.issuer));
}

async function connectionOf(ctx: UserContext, input: { organizationId: string; connectionId: string }) {
  await administered(ctx, input.organizationId);
  const row = await findScimConnectionOf(ctx.db, input.organizationId, input.connectionId);
  if (!row) throw new AppError("RESOURCE_NOT_FOUND");
  return row;
}

export async function getScimConnection(ctx: UserContext, input: { organizationId: string; connectionId: string }) {
  return view(await connectionOf(ctx, input), ctx.config.issuer);
}

/** A new token; the old one is refused from this moment (no grace: the IdP is updated by the same admin). */
export async function rotateScimToken(ctx: HolderContext, input: { organizationId: string; connectionId: string }) {
  const row = await connectionOf(ctx, input);
  if (row.revokedAt) throw new AppError("RESOURCE_NOT_FOUND", { message: "The connection is revoked." });
  const at = iso(ctx.now());
  const { token, tokenHash, tokenPrefix } = await newToken();
  const [updated] = await ctx.commit([
    rotateScimTokenStatement(ctx.db, { organizationId: input.organizationId, id: row.id, tokenHash, tokenPrefix, at }),
    auditStatement(ctx, {
      organizationId: input.organizationId,
      entry: { action: "scim.token_rotated", targetType: "scim_connection", targetId: row.id },
      onlyIfChanged: true,
    }),
  ]);
  if (updated?.meta.changes !== 1) throw new AppError("RESOURCE_NOT_FOUND");
  return { ...view({ ...row, tokenHash, tokenPrefix, rotatedAt: at }, ctx.config.issuer), token };
}

/**
 * Revokes the token for good: the directory can no longer provision. Members it provisioned stay
 * members (the organization's admins manage them from here on). Audited.
 */
export async function revokeScimConnection(
  ctx: HolderContext,
  input: { organizationId: string; connectionId: string },
) {
  const row = await connectionOf(ctx, input);
  if (row.revokedAt) return view(row, ctx.config.issuer);
  const at = iso(ctx.now());
  await ctx.commit([
    revokeScimConnectionStatement(ctx.db, input.organizationId, row.id, at),
    auditStatement(ctx, {
      organizationId: input.organizationId,
      entry: { action: "scim.connection_revoked", targetType: "scim_connection", targetId: row.id },
      onlyIfChanged: true,
    }),
  ]);
  return view({ ...row, revokedAt: at }, ctx.config.issuer);
}
