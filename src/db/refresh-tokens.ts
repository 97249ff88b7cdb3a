import { and, eq, isNull } from "drizzle-orm";
import { rowWrite } from "./changes";
import { db, schema, statementOf } from "./client";
import type { Statement, Write } from "./store";

const { refreshTokens } = schema;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export function insertRefreshTokenStatement(d1: D1Database, row: typeof refreshTokens.$inferInsert): Statement {
  return statementOf(d1, db(d1).insert(refreshTokens).values(row));
}

export async function findRefreshTokenByHash(d1: D1Database, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db(d1).select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).get();
}

/**
 * Mark a token used, only if it is still unused and unrevoked. Conditional
 * write: of two concurrent uses exactly one wins.
 */
export function consumeRefreshTokenWrite(d1: D1Database, id: string, at: string): Write<boolean> {
  return rowWrite(
    statementOf(
      d1,
      db(d1)
        .update(refreshTokens)
        .set({ usedAt: at })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt))),
    ),
  );
}

export function revokeFamilyStatement(d1: D1Database, familyId: string, at: string): Statement {
  return statementOf(
    d1,
    db(d1)
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt))),
  );
}

/** The user a refresh family (a sign-in or OAuth grant, the access tokens' `sid`) belongs to. */
export async function userOfFamily(d1: D1Database, familyId: string): Promise<string | undefined> {
  const row = await d1
    .prepare("SELECT user_id FROM refresh_tokens WHERE family_id = ? LIMIT 1")
    .bind(familyId)
    .first<{ user_id: string }>();
  return row?.user_id;
}

/** The sign-ins (refresh families) `userId` made through organization `organizationId`'s sign-on, still live. */
export async function liveOrganizationSignIns(d1: D1Database, userId: string, organizationId: string) {
  const { results } = await d1
    .prepare(
      "SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = ? AND organization_id = ? AND revoked_at IS NULL",
    )
    .bind(userId, organizationId)
    .all<{ family_id: string }>();
  return results.map((r) => r.family_id);
}

/** Ends those sign-ins' refresh tokens (their access tokens: revokeSessionStatement). */
export function revokeOrganizationSignInsStatement(
  d1: D1Database,
  input: { userId: string; organizationId: string; at: string },
): D1PreparedStatement {
  return d1
    .prepare(
      "UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND organization_id = ? AND revoked_at IS NULL",
    )
    .bind(input.at, input.userId, input.organizationId);
}
