import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { db, schema, statementOf } from "./client";
import type { Statement, Write } from "./store";

const { webhookDeliveries, webhookDeliveryAttempts } = schema;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
export type DeliveryStatus = DeliveryRow["status"];

/**
 * Inserts deliveries; one that exists already (same event, same webhook: the event was fanned out
 * before) is left alone. One statement per row: a multi-row insert would exceed D1's 100 bound
 * parameters.
 */
export function insertDeliveriesStatements(d1: D1Database, rows: DeliveryRow[]): Statement[] {
  const client = db(d1);
  return rows.map((r) => {
    const q = client.insert(webhookDeliveries).values(r).onConflictDoNothing();
    return statementOf(d1, q);
  });
}

/** Of the deliveries `rows`, the ids still waiting to be sent (new, or never attempted by a fan-out that crashed midway). */
export async function unsentDeliveries(d1: D1Database, rows: DeliveryRow[]): Promise<string[]> {
  const stored = await db(d1)
    .select({ id: webhookDeliveries.id, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.id,
        rows.map((r) => r.id),
      ),
    )
    .all();
  return stored.filter((r) => r.status === "pending" && r.attempts === 0).map((r) => r.id);
}

export function insertDeliveryStatement(d1: D1Database, row: DeliveryRow): Statement {
  const insert = db(d1).insert(webhookDeliveries).values(row);
  return statementOf(d1, insert);
}

export async function findDelivery(d1: D1Database, id: string): Promise<DeliveryRow | undefined> {
  return db(d1).select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
}

export async function findDeliveryOfWebhook(
  d1: D1Database,
  webhookId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  return db(d1)
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId)))
    .get();
}

export interface AttemptOutcome {
  attemptId: string;
  status: DeliveryStatus;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  at: string;
}

/**
 * One HTTP attempt, committed together: the attempt row (numbered from the delivery's counter), the
 * delivery's new status and the webhook's last_triggered. It reads the attempt number.
 */
export function attemptWrite(
  d1: D1Database,
  delivery: Pick<DeliveryRow, "id" | "webhookId">,
  o: AttemptOutcome,
): Write<number> {
  const statements = [
    d1
      .prepare(
        "UPDATE webhook_deliveries SET attempts = attempts + 1, status = ?2, last_status_code = ?3, last_error = ?4, updated_at = ?5 WHERE id = ?1",
      )
      .bind(delivery.id, o.status, o.statusCode, o.error, o.at),
    d1
      .prepare(
        "INSERT INTO webhook_delivery_attempts (id, delivery_id, attempt, status_code, duration_ms, error, created_at) SELECT ?1, id, attempts, ?3, ?4, ?5, ?6 FROM webhook_deliveries WHERE id = ?2 RETURNING attempt",
      )
      .bind(o.attemptId, delivery.id, o.statusCode, o.durationMs, o.error, o.at),
    // A success ends the webhook's run of failures; a failure starts one unless one is running.
    d1
      .prepare(
        "UPDATE webhooks SET last_triggered = ?2, failing_since = CASE WHEN ?3 = 'succeeded' THEN NULL ELSE COALESCE(failing_since, ?2) END WHERE id = ?1",
      )
      .bind(delivery.webhookId, o.at, o.status),
  ];
  return {
    statements,
    read: ([, inserted]) => (inserted?.results?.[0] as { attempt: number } | undefined)?.attempt ?? 0,
  };
}

/** Set a delivery's status without an HTTP attempt (dead-lettered, skipped, refused, replay queued). */
export function deliveryStatusStatement(
  d1: D1Database,
  id: string,
  status: DeliveryStatus,
  at: string,
  error?: string,
): Statement {
  const update = db(d1)
    .update(webhookDeliveries)
    .set({ status, updatedAt: at, ...(error !== undefined ? { lastError: error } : {}) })
    .where(eq(webhookDeliveries.id, id));
  return statementOf(d1, update);
}

/**
 * A dead-lettered delivery becomes `dead` unless it finished meanwhile (a
 * replay that succeeded, or a permanent failure already recorded).
 */
export function deliveryDeadStatement(d1: D1Database, id: string, at: string): Statement {
  return d1
    .prepare(
      "UPDATE webhook_deliveries SET status = 'dead', updated_at = ?2 WHERE id = ?1 AND status IN ('pending', 'retrying')",
    )
    .bind(id, at);
}

/** What the delivery log shows: filters (all optional) and a page, by cursor or offset. */
export interface DeliveryLogFilter {
  webhookId: string;
  statuses?: readonly DeliveryStatus[] | undefined;
  eventType?: string | undefined;
  /** created_at >= since (ISO). */
  since?: string | undefined;
  /** created_at < until (ISO). */
  until?: string | undefined;
  /** Only deliveries after this one in the log's order (newest first). */
  after?: { createdAt: string; id: string } | undefined;
  limit: number;
  offset: number;
}

function logConditions(f: DeliveryLogFilter, withCursor: boolean): SQL[] {
  return [
    eq(webhookDeliveries.webhookId, f.webhookId),
    ...(f.statuses?.length ? [inArray(webhookDeliveries.status, [...f.statuses])] : []),
    ...(f.eventType ? [eq(webhookDeliveries.eventType, f.eventType)] : []),
    ...(f.since ? [gte(webhookDeliveries.createdAt, f.since)] : []),
    ...(f.until ? [lt(webhookDeliveries.createdAt, f.until)] : []),
    ...(withCursor && f.after
      ? [sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${f.after.createdAt}, ${f.after.id})`]
      : []),
  ];
}

/**
 * One page of the log, newest first, with the attempts of its deliveries; `more` when a row
 * follows the page, `total` the rows matching the filters (whatever the page).
 */
export async function listDeliveries(
  d1: D1Database,
  f: DeliveryLogFilter,
): Promise<{ deliveries: DeliveryRow[]; attempts: AttemptRow[]; total: number; more: boolean }> {
  const client = db(d1);
  const page = await client
    .select()
    .from(webhookDeliveries)
    .where(and(...logConditions(f, true)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(f.limit + 1)
    .offset(f.offset)
    .all();
  const deliveries = page.slice(0, f.limit);
  const [total] = await client
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(...logConditions(f, false)))
    .all();
  const attempts =
    deliveries.length === 0
      ? []
      : await client
          .select()
          .from(webhookDeliveryAttempts)
          .where(
            inArray(
              webhookDeliveryAttempts.deliveryId,
              deliveries.map((d) => d.id),
            ),
          )
          .orderBy(webhookDeliveryAttempts.attempt)
          .all();
  return { deliveries, attempts, total: total?.n ?? 0, more: page.length > f.limit };
}

const RECOVERABLE_SQL = "('failed', 'dead', 'skipped')";

/**
 * Set up to `max` of the webhook's recoverable deliveries created since `since` (oldest first)
 * back to `pending`, in one statement, and return their ids: a delivery already pending is not
 * returned again, so a second call does not queue it twice.
 */
export function requeueRecoverableWrite(
  d1: D1Database,
  input: { webhookId: string; since: string; max: number; at: string },
): Write<string[]> {
  const requeue = d1
    .prepare(
      `UPDATE webhook_deliveries SET status = 'pending', updated_at = ?3
       WHERE id IN (SELECT id FROM webhook_deliveries
                    WHERE webhook_id = ?1 AND status IN ${RECOVERABLE_SQL} AND created_at >= ?2
                    ORDER BY created_at, id LIMIT ?4)
       RETURNING id`,
    )
    .bind(input.webhookId, input.since, input.at, input.max);
  return {
    statements: [requeue],
    read: ([result]) => ((result?.results ?? []) as Array<{ id: string }>).map((r) => r.id),
  };
}

/** How many of the webhook's deliveries since `since` are still recoverable. */
export async function countRecoverable(d1: D1Database, webhookId: string, since: string): Promise<number> {
  const row = await d1
    .prepare(
      `SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?1 AND status IN ${RECOVERABLE_SQL} AND created_at >= ?2`,
    )
    .bind(webhookId, since)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Deliveries requeued but not queued after all (the queue refused them) are failed again, so recover finds them. */
export function unqueueDeliveriesStatements(d1: D1Database, ids: readonly string[], at: string): Statement[] {
  if (ids.length === 0) return [];
  return [
    d1
      .prepare(
        "UPDATE webhook_deliveries SET status = 'failed', updated_at = ?2 WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'pending'",
      )
      .bind(JSON.stringify(ids), at),
  ];
}
