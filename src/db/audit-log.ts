import { and, count, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { db, schema } from "./client";
import type { Statement } from "./store";

const { auditLog, users } = schema;
export type AuditRow = typeof auditLog.$inferSelect;

/** An entry as read back: with the acting person's current username and email (null once their account is gone, or for an organization key). */
export type AuditReadRow = AuditRow & { actorUsername: string | null; actorEmail: string | null };

/**
 * An audit row. `onlyIfChanged`: written only when the statement just before
 * it in the batch changed a row (a refused conditional write leaves no entry).
 */
export function insertAuditStatement(d1: D1Database, row: AuditRow, onlyIfChanged = false): Statement {
  return d1
    .prepare(
      `INSERT INTO audit_log (id, organization_id, actor_user_id, actor_credential, action, target_type, target_id,
       before, after, request_id, ip, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? ${onlyIfChanged ? "WHERE changes() = 1" : ""}`,
    )
    .bind(
      row.id,
      row.organizationId,
      row.actorUserId,
      row.actorCredential,
      row.action,
      row.targetType,
      row.targetId,
      row.before,
      row.after,
      row.requestId,
      row.ip,
      row.createdAt,
    );
}

export interface AuditFilter {
  action?: string | undefined;
  actorId?: string | undefined;
  targetId?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

/** A page of the organization's audit log, newest first, with each actor's name and email, and the total that matches. */
export async function listAudit(
  d1: D1Database,
  organizationId: string,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditReadRow[]; total: number }> {
  const conditions: SQL[] = [eq(auditLog.organizationId, organizationId)];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actorId) conditions.push(eq(auditLog.actorUserId, filter.actorId));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.since) conditions.push(gte(auditLog.createdAt, filter.since));
  if (filter.until) conditions.push(lte(auditLog.createdAt, filter.until));
  const where = and(...conditions);
  const [rows, totalRow] = await Promise.all([
    db(d1)
      .select({ entry: auditLog, actorUsername: users.username, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset)
      .all(),
    db(d1).select({ n: count() }).from(auditLog).where(where).get(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.entry, actorUsername: r.actorUsername, actorEmail: r.actorEmail })),
    total: totalRow?.n ?? 0,
  };
}
