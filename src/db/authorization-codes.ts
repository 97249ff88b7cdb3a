import { and, eq, isNull } from "drizzle-orm";
import { rowWrite } from "./changes";
import { db, schema, statementOf } from "./client";
import type { Statement, Write } from "./store";

const { oauthAuthorizationCodes: codes } = schema;
export type AuthorizationCodeRow = typeof codes.$inferSelect;

export function insertAuthorizationCodeStatement(d1: D1Database, row: AuthorizationCodeRow): Statement {
  return statementOf(d1, db(d1).insert(codes).values(row));
}

export async function findAuthorizationCodeByHash(
  d1: D1Database,
  codeHash: string,
): Promise<AuthorizationCodeRow | undefined> {
  return db(d1).select().from(codes).where(eq(codes.codeHash, codeHash)).get();
}

/** Mark the code used if it is still unused: of two concurrent exchanges exactly one wins. */
export function consumeAuthorizationCodeWrite(d1: D1Database, id: string, at: string): Write<boolean> {
  return rowWrite(
    statementOf(
      d1,
      db(d1)
        .update(codes)
        .set({ usedAt: at })
        .where(and(eq(codes.id, id), isNull(codes.usedAt))),
    ),
  );
}
