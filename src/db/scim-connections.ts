import { and, desc, eq, isNull } from "drizzle-orm";
import { organizations, scimConnections } from "../../drizzle/schema";
import { db, statementOf } from "./client";
import type { Statement, Store } from "./store";

/** SCIM connections (drizzle/schema/scim.ts `scim_connections`): the directory's bearer token, hashed. */
export type ScimConnectionRow = typeof scimConnections.$inferSelect;

export function insertScimConnectionStatement(d1: Store, row: ScimConnectionRow): Statement {
  const q = db(d1).insert(scimConnections).values(row);
  return statementOf(d1, q);
}

/** A new token for a connection that is still live (a revoked one stays revoked). */
export function rotateScimTokenStatement(
  d1: Store,
  input: { organizationId: string; id: string; tokenHash: string; tokenPrefix: string; at: string },
): Statement {
  const q = db(d1)
    .update(scimConnections)
    .set({ tokenHash: input.tokenHash, tokenPrefix: input.tokenPrefix, rotatedAt: input.at })
    .where(
      and(
        eq(scimConnections.id, input.id),
        eq(scimConnections.organizationId, input.organizationId),
        isNull(scimConnections.revokedAt),
      ),
    );
  return statementOf(d1, q);
}

export function revokeScimConnectionStatement(d1: Store, organizationId: string, id: string, at: string): Statement {
  const q = db(d1)
    .update(scimConnections)
    .set({ revokedAt: at })
    .where(
      and(
        eq(scimConnections.id, id),
        eq(scimConnections.organizationId, organizationId),
        isNull(scimConnections.revokedAt),
      ),
    );
  return statementOf(d1, q);
}

export function findScimConnectionOf(d1: Store, organizationId: string, id: string) {
  return db(d1)
    .select()
    .from(scimConnections)
    .where(and(eq(scimConnections.id, id), eq(scimConnections.organizationId, organizationId)))
    .get();
}

export function scimConnectionsOf(d1: Store, organizationId: string) {
  return db(d1)
    .select()
    .from(scimConnections)
    .where(eq(scimConnections.organizationId, organizationId))
    .orderBy(desc(scimConnections.createdAt))
    .all();
}

/** The live connection (not revoked, its organization not deleted) whose token hashes to `tokenHash`. */
export function liveScimConnectionByTokenHash(d1: Store, tokenHash: string) {
  return db(d1)
    .select({ connection: scimConnections })
    .from(scimConnections)
    .innerJoin(organizations, eq(organizations.id, scimConnections.organizationId))
    .where(
      and(eq(scimConnections.tokenHash, tokenHash), isNull(scimConnections.revokedAt), isNull(organizations.deletedAt)),
    )
    .get()
    .then((row) => row?.connection);
}

/** Records use at most once a minute per connection (`before`: the last write older than a minute). */
export async function touchScimConnection(d1: Store, id: string, at: string, before: string): Promise<void> {
  await d1
    .prepare(
      "UPDATE scim_connections SET last_used_at = ?1 WHERE id = ?2 AND (last_used_at IS NULL OR last_used_at < ?3)",
    )
    .bind(at, id, before)
    .run();
}
