import { and, asc, eq } from "drizzle-orm";
import { rowWritten } from "./changes";
import { db, schema } from "./client";

const { webhooks } = schema;
export type WebhookRow = typeof webhooks.$inferSelect;

/**
 * Insert only while the user has fewer than `max` webhooks: the count and the
 * insert are one statement, so concurrent creations cannot overshoot the cap.
 * False when the cap was reached.
 */
export async function insertWebhookUnderCap(d1: D1Database, row: WebhookRow, max: number): Promise<boolean> {
  const result = await d1
    .prepare(
      `INSERT INTO webhooks (id, user_id, url, events, secret_sealed, active, description, created_at, updated_at, last_triggered)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL
       WHERE (SELECT COUNT(*) FROM webhooks WHERE user_id = ?2) < ?10`,
    )
    .bind(
      row.id,
      row.userId,
      row.url,
      JSON.stringify(row.events),
      row.secretSealed,
      row.active ? 1 : 0,
      row.description,
      row.createdAt,
      row.updatedAt,
      max,
    )
    .run();
  return rowWritten(result);
}

export async function listWebhooks(d1: D1Database, userId: string): Promise<WebhookRow[]> {
  return db(d1).select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(asc(webhooks.createdAt)).all();
}

/** The user's webhook, or undefined when missing or someone else's. */
export async function findOwnWebhook(d1: D1Database, userId: string, id: string): Promise<WebhookRow | undefined> {
  return db(d1)
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .get();
}

export async function findWebhook(d1: D1Database, id: string): Promise<WebhookRow | undefined> {
  return db(d1).select().from(webhooks).where(eq(webhooks.id, id)).get();
}

export async function activeWebhooksOf(d1: D1Database, userId: string): Promise<WebhookRow[]> {
  return db(d1)
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.userId, userId), eq(webhooks.active, true)))
    .all();
}

export async function updateOwnWebhook(
  d1: D1Database,
  userId: string,
  id: string,
  patch: Partial<Pick<WebhookRow, "url" | "events" | "active" | "description" | "updatedAt">>,
): Promise<WebhookRow | undefined> {
  return db(d1)
    .update(webhooks)
    .set(patch)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning()
    .get();
}

export async function deleteOwnWebhook(d1: D1Database, userId: string, id: string): Promise<boolean> {
  const result = await db(d1)
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .run();
  return rowWritten(result);
}
