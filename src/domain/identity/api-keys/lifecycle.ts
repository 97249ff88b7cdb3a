import {
  type ApiKeyRow,
  findApiKeyOf,
  insertApiKeyStatement,
  listApiKeysOf,
  revokeApiKeyStatement,
  rotateApiKeyStatements,
} from "../../../db/api-keys";
import { rowWritten } from "../../../db/changes";
import type { Statement, Store } from "../../../db/store";
import { AppError, invalidField } from "../../../errors";
import { iso } from "../../../lib/clock";
import { sha256Hex } from "../../../lib/crypto";
import { newId } from "../../../lib/ids";
import type { Context, UserContext } from "../../context";
import { actingOwner } from "../../organizations/access";
import { auditInBatch } from "../../organizations/audit";
import { cutOffApiKey } from "../../organizations/cut-off";
import type { HolderContext } from "../account-holder";
import type { Principal } from "../principal";
import type { Scope } from "../scopes";
import { forgetApiKey } from "./authenticate-key";
import { displayPrefix, generateApiKey } from "./format";

/** Without expires_at a key lives a year; at most two (docs/decisions.md). */
const DEFAULT_API_KEY_TTL_MS = 365 * 86_400_000;
const MAX_API_KEY_TTL_MS = 2 * 365 * 86_400_000;
/** Rotation grace: the old key keeps working this long (default 0, at most 7 days). */
export const MAX_ROTATION_GRACE_SECONDS = 7 * 86_400;

export interface NewApiKey {
  row: ApiKeyRow;
  /** The secret: returned once, never stored. */
  key: string;
}

/**
 * A new key, minted by its holder signed in (account-holder.ts: never from another key, spec part 5,
 * nor by an OAuth client), with at most the scopes of the sign-in's token.
 */
export async function createApiKey(
  ctx: HolderContext,
  input: { name: string; scopes: Scope[]; expires_at?: string | undefined },
): Promise<NewApiKey> {
  const { principal } = ctx;
  const now = ctx.now();
  const owner = actingOwner(principal, "admin");
  const missing = input.scopes.filter((s) => !principal.scopes.has(s));
  if (missing.length > 0) {
    throw new AppError("INSUFFICIENT_PERMISSIONS", {
      message: `An API key cannot carry scopes your credential lacks: ${missing.join(", ")}.`,
      details: { field: "scopes", missing_scopes: missing },
    });
  }
  const expiresAt = input.expires_at === undefined ? now + DEFAULT_API_KEY_TTL_MS : Date.parse(input.expires_at);
  if (!(expiresAt > now) || expiresAt > now + MAX_API_KEY_TTL_MS) {
    throw invalidField("expires_at", "must be in the future and at most two years away");
  }
  const minted = await mint(ctx, {
    userId: principal.userId,
    name: input.name,
    scopes: [...new Set(input.scopes)].join(" "),
    expiresAt: iso(expiresAt),
    organizationId: "organizationId" in owner ? owner.organizationId : null,
  });
  await ctx.commit([
    insertApiKeyStatement(ctx.db, minted.row),
    ...auditKey(ctx, { row: minted.row, action: "api_key.created" }),
  ]);
  return minted;
}

async function mint(
  ctx: Context,
  {
    userId,
    name,
    scopes,
    expiresAt,
    organizationId,
  }: { userId: string; name: string; scopes: string; expiresAt: string; organizationId: string | null },
): Promise<NewApiKey> {
  const now = ctx.now();
  const key = generateApiKey(ctx.config.environment);
  const row: ApiKeyRow = {
    id: newId("key", now),
    userId,
    name,
    prefix: displayPrefix(key),
    keyHash: await sha256Hex(key),
    scopes,
    createdAt: iso(now),
    expiresAt,
    lastUsedAt: null,
    revokedAt: null,
    replacedBy: null,
    organizationId,
  };
  return { row, key };
}

/** The caller's personal keys, or (admins) the organization's when acting for one. */
export const listApiKeys = (ctx: UserContext) => listApiKeysOf(ctx.db, actingOwner(ctx.principal, "admin"));

async function ownKey(db: Store, principal: Principal, id: string): Promise<ApiKeyRow> {
  const row = await findApiKeyOf(db, id, actingOwner(principal, "admin"));
  // Another user's key is indistinguishable from a missing one.
  if (!row) throw new AppError("RESOURCE_NOT_FOUND", { message: "API key not found.", details: { key_id: id } });
  return row;
}

/** Revoke now (idempotent), closing the live sockets it opened. A key revoking itself is allowed. */
export async function revokeApiKey(ctx: UserContext, { id }: { id: string }): Promise<ApiKeyRow> {
  const { db, principal } = ctx;
  const now = ctx.now();
  const row = await ownKey(db, principal, id);
  const audit = auditKey(ctx, { row, action: "api_key.revoked", extra: { revoked_at: iso(now) } });
  await ctx.commit([revokeApiKeyStatement(db, id, row.userId, iso(now)), ...audit]);
  forgetApiKey(id);
  await cutOffApiKey(ctx, row);
  return ownKey(db, principal, id);
}

/**
 * A new key with the same name, scopes and expiry; the old key keeps working
 * for `graceSeconds`, then stops. A key already revoked, or already rotated,
 * cannot be rotated (409).
 */
export async function rotateApiKey(
  ctx: HolderContext,
  { id, graceSeconds }: { id: string; graceSeconds: number },
): Promise<NewApiKey> {
  const { principal } = ctx;
  const now = ctx.now();
  const old = await ownKey(ctx.db, principal, id);
  const notRotatable = () =>
    new AppError("API_KEY_NOT_ROTATABLE", {
      details: { key_id: id, reason: old.replacedBy ? "already rotated" : "revoked or expired" },
    });
  if (old.revokedAt || Date.parse(old.expiresAt) <= now) throw notRotatable();
  const minted = await mint(ctx, {
    userId: principal.userId,
    name: old.name,
    scopes: old.scopes,
    expiresAt: old.expiresAt,
    organizationId: old.organizationId,
  });
  const audit = auditKey(ctx, { row: old, action: "api_key.rotated", extra: { replaced_by: minted.row.id } });
  const [claimed] = await ctx.commit([
    ...rotateApiKeyStatements(ctx.db, id, old.userId, minted.row, iso(now + graceSeconds * 1000)),
    ...audit,
  ]);
  if (!rowWritten(claimed)) throw notRotatable();
  forgetApiKey(id);
  // Without a grace period the old key stops now, and so do the sockets it opened.
  if (graceSeconds === 0) await cutOffApiKey(ctx, old);
  return minted;
}

/** The state a listing shows: revoked once the (possibly scheduled) revocation time has passed. */
export function keyStatus(row: ApiKeyRow, now: number) {
  return {
    revoked: row.revokedAt !== null && Date.parse(row.revokedAt) <= now,
    expired: Date.parse(row.expiresAt) <= now,
  };
}

/**
 * An organization's key change's audit entry, committed in the change's own
 * batch (never the secret: name, prefix, scopes, expiry).
 */
function auditKey(
  ctx: UserContext,
  input: {
    row: ApiKeyRow;
    action: "api_key.created" | "api_key.revoked" | "api_key.rotated";
    extra?: Record<string, unknown>;
  },
): Statement[] {
  const { row, action, extra = {} } = input;
  const described = { name: row.name, prefix: row.prefix, scopes: row.scopes, expires_at: row.expiresAt };
  return auditInBatch(ctx, {
    organizationId: row.organizationId,
    entry: {
      action,
      targetType: "api_key",
      targetId: row.id,
      ...(action === "api_key.created" ? { after: described } : { before: described }),
      ...(Object.keys(extra).length > 0 ? { after: extra } : {}),
    },
  });
}
