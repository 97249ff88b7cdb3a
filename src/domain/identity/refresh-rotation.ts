import {
  consumeRefreshTokenWrite,
  findRefreshTokenByHash,
  insertRefreshTokenStatement,
  type RefreshTokenRow,
  revokeFamilyStatement,
} from "../../db/refresh-tokens";
import { isSessionRevoked, rememberRevokedSessions, revokeSessionStatement } from "../../db/revocations";
import { iso } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { newId, randomToken } from "../../lib/ids";
import { userAgentSummary } from "../../lib/user-agent";
import type { Context } from "../context";
import { cutOffGrant } from "../organizations/cut-off";
import { commitWrite } from "../unit-of-work";
import { LOGIN_TOKEN_TTL } from "./access-tokens";

/** Refresh tokens live 30 days, and each use rotates them (RFC 9700 §4.14.2). */
export const REFRESH_TOKEN_TTL = 30 * 86_400;
/** Opaque refresh tokens carry a prefix so they are recognisable in logs and by scanners. */
export const REFRESH_PREFIX = "sart_";

export type RotationOutcome =
  | { ok: true; row: RefreshTokenRow }
  | { ok: false; reason: "invalid" | "reused" | "expired" };

/**
 * Consume a presented refresh token for rotation. `clientId` is the client it
 * must belong to (null: first-party login). A token that was already used
 * means it leaked, or a client replayed it: the whole family is revoked,
 * including the access tokens issued from it (RFC 9700 §4.14.2).
 */
export async function consumeForRotation(
  ctx: Context,
  {
    presented,
    clientId,
    precheck,
  }: {
    presented: string;
    clientId: string | null;
    /** Checks on the row before it is consumed (may throw), so a bad request does not burn the token. */
    precheck?: (row: RefreshTokenRow) => void;
  },
): Promise<RotationOutcome> {
  const now = ctx.now();
  const row = await findRefreshTokenByHash(ctx.db, await sha256Hex(presented));
  // Bound to the client it was issued to (RFC 6749 §6, §10.4).
  if (!row || row.clientId !== clientId || row.revokedAt) return { ok: false, reason: "invalid" };
  // The family's sid was revoked (logout, code replay) even if a row escaped the UPDATE in a race.
  if (await isSessionRevoked(ctx.db, row.familyId, now, 0)) {
    await ctx.commit([revokeFamilyStatement(ctx.db, row.familyId, iso(now))]);
    return { ok: false, reason: "invalid" };
  }
  precheck?.(row);
  if (row.usedAt || !(await commitWrite(ctx, consumeRefreshTokenWrite(ctx.db, row.id, iso(now))))) {
    await revokeGrantFamily(ctx, row.familyId);
    return { ok: false, reason: "reused" };
  }
  if (Date.parse(row.expiresAt) <= now) return { ok: false, reason: "expired" };
  return { ok: true, row };
}

/** A fresh refresh token in `familyId`; returns the token (shown once, stored hashed). */
export async function issueRefreshToken(
  ctx: Context,
  grant: {
    familyId: string;
    userId: string;
    clientId: string | null;
    scope: string;
    organizationId?: string | null;
    resource?: string | null;
  },
): Promise<string> {
  const now = ctx.now();
  const token = REFRESH_PREFIX + randomToken(32);
  const insert = insertRefreshTokenStatement(ctx.db, {
    id: newId("rt", now),
    tokenHash: await sha256Hex(token),
    familyId: grant.familyId,
    userId: grant.userId,
    clientId: grant.clientId,
    scope: grant.scope,
    organizationId: grant.organizationId ?? null,
    resource: grant.resource ?? null,
    // What the person sees beside the sign-in (GET /v1/users/me/sessions): the client and country of
    // whoever got this token, the sign-in or its latest refresh.
    client: userAgentSummary(ctx.meta.userAgent),
    country: ctx.meta.country || null,
    createdAt: iso(now),
    expiresAt: iso(now + REFRESH_TOKEN_TTL * 1000),
  });
  await ctx.commit([insert]);
  return token;
}

/**
 * Revoke a grant: its refresh family, every access token whose `sid` is the
 * family, and the live sockets those tokens opened.
 */
export async function revokeGrantFamily(ctx: Context, familyId: string): Promise<void> {
  const now = ctx.now();
  await ctx.commit([
    revokeFamilyStatement(ctx.db, familyId, iso(now)),
    revokeSessionStatement(ctx.db, familyId, LOGIN_TOKEN_TTL, now),
  ]);
  rememberRevokedSessions([familyId]);
  await cutOffGrant(ctx, { sid: familyId });
}
