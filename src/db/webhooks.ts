import { and, asc, eq } from "drizzle-orm";
import { db, schema } from "./client";

const { webhooks } = schema;
export type WebhookRow = typeof webhooks.$inferSelect;

export async function insertWebhook(d1: D1Database, row: WebhookRow): Promise<void> {
  await db(d1).insert(webhooks).values(row).run();
}

export async function listWebhooks(d1: D1Database, userId: string): Promise<WebhookRow[]> {
  return db(d1).select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(asc(webhooks.createdAt)).all();
}

/** The user's webhook, or undefined when missing or someone else's. */
export async function findOwnWebhook(d1: D1Database, userId: string, id: string): Promise<WebhookRow | undefined> {
  return db(d1).select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId))).get();
}

export async function findWebhook(d1: D1Database, id: string): Promise<WebhookRow | undefined> {
  return db(d1).select().from(webhooks).where(eq(webhooks.id, id)).get();
}

export async function activeWebhooksOf(d1: D1Database, userId: string): Promise<WebhookRow[]> {
  return db(d1).select().from(webhooks).where(and(eq(webhooks.userId, userId), eq(webhooks.active, true))).all();
}

export async function updateOwnWebhook(
  d1: D1Database,
  userId: string,
  id: string,
  patch: Partial<Pick<WebhookRow, "url" | "events" | "active" | "description" | "updatedAt">>,
): Promise<WebhookRow | undefined> {
  return db(d1).update(webhooks).set(patch).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId))).returning().get();
}

export async function deleteOwnWebhook(d1: D1Database, userId: string, id: string): Promise<boolean> {
  const result = await db(d1).delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId))).run();
  return result.meta.changes === 1;
}
