import { and, asc, count, eq } from "drizzle-orm";
import { rowWrite } from "./changes";
import { db, schema, statementOf } from "./client";
import type { Statement, Write } from "./store";

const { mfaPasskeys, webauthnChallenges } = schema;
export type PasskeyRow = typeof mfaPasskeys.$inferSelect;
export type WebauthnCeremony = (typeof webauthnChallenges.$inferSelect)["ceremony"];

/** Reads false for a credential id registered before (to anyone): it is not registered again. */
export function insertPasskeyWrite(d1: D1Database, row: typeof mfaPasskeys.$inferInsert): Write<boolean> {
  const insert = db(d1).insert(mfaPasskeys).values(row).onConflictDoNothing();
  return rowWrite(statementOf(d1, insert));
}

export async function passkeysOf(d1: D1Database, userId: string): Promise<PasskeyRow[]> {
  return db(d1)
    .select()
    .from(mfaPasskeys)
    .where(eq(mfaPasskeys.userId, userId))
    .orderBy(asc(mfaPasskeys.createdAt))
    .all();
}

export async function countPasskeys(d1: D1Database, userId: string): Promise<number> {
  const row = await db(d1).select({ n: count() }).from(mfaPasskeys).where(eq(mfaPasskeys.userId, userId)).get();
  return row?.n ?? 0;
}

export async function findPasskeyByCredential(d1: D1Database, credentialId: string): Promise<PasskeyRow | undefined> {
  return db(d1).select().from(mfaPasskeys).where(eq(mfaPasskeys.credentialId, credentialId)).get();
}

export async function findPasskeyOf(d1: D1Database, userId: string, id: string): Promise<PasskeyRow | undefined> {
  return db(d1)
    .select()
    .from(mfaPasskeys)
    .where(and(eq(mfaPasskeys.id, id), eq(mfaPasskeys.userId, userId)))
    .get();
}

export function renamePasskeyWrite(d1: D1Database, userId: string, id: string, name: string): Write<boolean> {
  const update = db(d1)
    .update(mfaPasskeys)
    .set({ name })
    .where(and(eq(mfaPasskeys.id, id), eq(mfaPasskeys.userId, userId)));
  return rowWrite(statementOf(d1, update));
}

export function deletePasskeyWrite(d1: D1Database, userId: string, id: string): Write<boolean> {
  return rowWrite(d1.prepare("DELETE FROM mfa_passkeys WHERE id = ?1 AND user_id = ?2").bind(id, userId));
}

/**
 * Record an accepted assertion: the counter moves forward only (WebAuthn §6.1.1: a counter at or below
 * the stored one, unless both are 0, is a cloned authenticator), in one conditional write so two
 * requests racing with one assertion cannot both pass.
 */
export function acceptAssertionWrite(
  d1: D1Database,
  input: { id: string; counter: number; backedUp: boolean; at: string },
): Write<boolean> {
  return rowWrite(
    d1
      .prepare(
        `UPDATE mfa_passkeys SET counter = ?2, backed_up = ?3, last_used_at = ?4
       WHERE id = ?1 AND (counter < ?2 OR (counter = 0 AND ?2 = 0))`,
      )
      .bind(input.id, input.counter, input.backedUp ? 1 : 0, input.at),
  );
}

export function insertWebauthnChallengeStatement(
  d1: D1Database,
  row: typeof webauthnChallenges.$inferInsert,
): Statement {
  const insert = db(d1).insert(webauthnChallenges).values(row);
  return statementOf(d1, insert);
}

/**
 * Spend a WebAuthn challenge of `ceremony` (bound to `userId`, or to nobody for a passwordless
 * sign-in, and to `sid` for step-up): true for the one request whose write marked it used, while live.
 */
export function spendWebauthnChallengeWrite(
  d1: D1Database,
  input: {
    hash: string;
    ceremony: WebauthnCeremony;
    userId: string | null;
    sid: string | null;
    now: number;
    at: string;
  },
): Write<boolean> {
  return rowWrite(
    d1
      .prepare(
        `UPDATE webauthn_challenges SET used_at = ?6
       WHERE challenge_hash = ?1 AND ceremony = ?2 AND user_id IS ?3 AND sid IS ?4 AND used_at IS NULL AND expires_at > ?5`,
      )
      .bind(input.hash, input.ceremony, input.userId, input.sid, input.now, input.at),
  );
}
