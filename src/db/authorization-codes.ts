import { and, eq, isNull } from "drizzle-orm";
import { rowWritten } from "./changes";
import { db, schema } from "./client";

const { oauthAuthorizationCodes: codes } = schema;
export type AuthorizationCodeRow = typeof codes.$inferSelect;

export async function insertAuthorizationCode(d1: D1Database, row: AuthorizationCodeRow): Promise<void> {
  await db(d1).insert(codes).values(row).run();
}

export async function findAuthorizationCodeByHash(
  d1: D1Database,
  codeHash: string,
): Promise<AuthorizationCodeRow | undefined> {
  return db(d1).select().from(codes).where(eq(codes.codeHash, codeHash)).get();
}

/** Mark the code used if it is still unused: of two concurrent exchanges exactly one wins. */
export async function consumeAuthorizationCode(d1: D1Database, id: string, at: string): Promise<boolean> {
  const result = await db(d1)
    .update(codes)
    .set({ usedAt: at })
    .where(and(eq(codes.id, id), isNull(codes.usedAt)))
    .run();
  return rowWritten(result);
}
