import { and, desc, eq, inArray } from "drizzle-orm";
import { db, schema } from "./client";

const { webhookDeliveries, webhookDeliveryAttempts } = schema;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
export type DeliveryStatus = DeliveryRow["status"];

/**
 * Insert deliveries; one that exists already (same event, same webhook: the
 * event was fanned out before) is left alone. Returns the ids still waiting
 * to be sent (new, or never attempted by a fan-out that crashed midway).
 */
export async function insertDeliveries(d1: D1Database, rows: DeliveryRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const client = db(d1);
  // One statement per row: a multi-row insert would exceed D1's 100 bound parameters.
  await d1.batch(
    rows.map((r) => {
      const q = client.insert(webhookDeliveries).values(r).onConflictDoNothing().toSQL();
      return d1.prepare(q.sql).bind(...q.params);
    }),
  );
  const stored = await client
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

export async function insertDelivery(d1: D1Database, row: DeliveryRow): Promise<void> {
  await db(d1).insert(webhookDeliveries).values(row).run();
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
 * Log one HTTP attempt atomically: the attempt row (numbered from the
 * delivery's counter), the delivery's new status and the webhook's
 * last_triggered. Returns the attempt number.
 */
export async function recordAttempt(
  d1: D1Database,
  delivery: Pick<DeliveryRow, "id" | "webhookId">,
  o: AttemptOutcome,
): Promise<number> {
  const [, inserted] = await d1.batch([
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
    d1.prepare("UPDATE webhooks SET last_triggered = ?2 WHERE id = ?1").bind(delivery.webhookId, o.at),
  ]);
  return (inserted?.results?.[0] as { attempt: number } | undefined)?.attempt ?? 0;
}

/** Set a delivery's status without an HTTP attempt (dead-lettered, skipped, refused, replay queued). */
export async function setDeliveryStatus(
  d1: D1Database,
  id: string,
  status: DeliveryStatus,
  at: string,
  error?: string,
): Promise<void> {
  await db(d1)
    .update(webhookDeliveries)
    .set({ status, updatedAt: at, ...(error !== undefined ? { lastError: error } : {}) })
    .where(eq(webhookDeliveries.id, id))
    .run();
}

/**
 * A dead-lettered delivery becomes `dead` unless it finished meanwhile (a
 * replay that succeeded, or a permanent failure already recorded).
 */
export async function markDeliveryDead(d1: D1Database, id: string, at: string): Promise<void> {
  await d1
    .prepare(
      "UPDATE webhook_deliveries SET status = 'dead', updated_at = ?2 WHERE id = ?1 AND status IN ('pending', 'retrying')",
    )
    .bind(id, at)
    .run();
}

export async function listDeliveries(
  d1: D1Database,
  webhookId: string,
  limit: number,
  offset: number,
): Promise<{ deliveries: DeliveryRow[]; attempts: AttemptRow[]; total: number }> {
  const client = db(d1);
  const deliveries = await client
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit)
    .offset(offset)
    .all();
  const total = await d1
    .prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?")
    .bind(webhookId)
    .first<{ n: number }>();
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
  return { deliveries, attempts, total: total?.n ?? 0 };
}
