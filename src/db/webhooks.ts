import { and, asc, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { db, schema, statementOf } from "./client";
import type { Statement } from "./store";

const { webhooks } = schema;
export type WebhookRow = typeof webhooks.$inferSelect;

/** Whose webhooks: an organization's, or a user's personal ones. */
export type WebhookOwner = { organizationId: string } | { userId: string };

function ownedBy(owner: WebhookOwner): SQL {
  return "organizationId" in owner
    ? eq(webhooks.organizationId, owner.organizationId)
    : (and(eq(webhooks.userId, owner.userId), isNull(webhooks.organizationId)) as SQL);
}

/** An event's recipient key (src/domain/webhooks/events.ts): an organization id or a user id. */
export const ownerOfRecipient = (recipient: string): WebhookOwner =>
  recipient.startsWith("org_") ? { organizationId: recipient } : { userId: recipient };

/**
 * Insert only while the user has fewer than `max` webhooks: the count and the
 * insert are one statement, so concurrent creations cannot overshoot the cap.
 * It wrote no row when the cap was reached.
 */
export function insertWebhookUnderCapStatement(d1: D1Database, row: WebhookRow, max: number): Statement {
  return d1
    .prepare(
      `INSERT INTO webhooks (id, user_id, url, events, secret_sealed, active, description, created_at, updated_at, last_triggered, organization_id)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL, ?11
       WHERE (SELECT COUNT(*) FROM webhooks WHERE
              CASE WHEN ?11 IS NULL THEN user_id = ?2 AND organization_id IS NULL ELSE organization_id = ?11 END) < ?10`,
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
      row.organizationId,
    );
}

export async function listWebhooks(d1: D1Database, owner: WebhookOwner): Promise<WebhookRow[]> {
  return db(d1).select().from(webhooks).where(ownedBy(owner)).orderBy(asc(webhooks.createdAt)).all();
}

/** The owner's webhook, or undefined when missing or someone else's. */
export async function findOwnWebhook(d1: D1Database, owner: WebhookOwner, id: string): Promise<WebhookRow | undefined> {
  return db(d1)
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), ownedBy(owner)))
    .get();
}

export async function findWebhook(d1: D1Database, id: string): Promise<WebhookRow | undefined> {
  return db(d1).select().from(webhooks).where(eq(webhooks.id, id)).get();
}

/** The owner's active webhooks and those the service disabled for failing (their missed events are kept). */
export async function activeOrDisabledWebhooksOf(d1: D1Database, owner: WebhookOwner): Promise<WebhookRow[]> {
  return db(d1)
    .select()
    .from(webhooks)
    .where(and(ownedBy(owner), or(eq(webhooks.active, true), isNotNull(webhooks.disabledAt))))
    .all();
}

/**
 * Replace the owner's webhook's secret, keeping the replaced one (its sealed bytes as they are: the
 * associated data is the webhook id either way) until `previousExpiresAt`. A secret kept from an
 * earlier rotation is dropped. It writes no row when the webhook is missing or someone else's.
 */
export function rotateOwnWebhookSecretStatement(
  d1: D1Database,
  owner: WebhookOwner,
  id: string,
  rotation: { secretSealed: string; previousExpiresAt: string; at: string },
): Statement {
  const update = db(d1)
    .update(webhooks)
    .set({
      previousSecretSealed: sql`${webhooks.secretSealed}`,
      previousSecretExpiresAt: rotation.previousExpiresAt,
      secretSealed: rotation.secretSealed,
      updatedAt: rotation.at,
    })
    .where(and(eq(webhooks.id, id), ownedBy(owner)));
  return statementOf(d1, update);
}

/**
 * Disable the webhook if it is still active and has failed continuously since `failingSince` or
 * earlier. Put what must happen only then right after it in the batch (statements conditional on
 * `changes() = 1`).
 */
export function disableIfFailingSinceStatement(
  d1: D1Database,
  id: string,
  failingSince: string,
  at: string,
): D1PreparedStatement {
  return d1
    .prepare(
      "UPDATE webhooks SET active = 0, disabled_at = ?3, updated_at = ?3 WHERE id = ?1 AND active = 1 AND failing_since IS NOT NULL AND failing_since <= ?2",
    )
    .bind(id, failingSince, at);
}

/** Updates the owner's webhook; it writes no row when the webhook is missing or someone else's. */
export function updateOwnWebhookStatement(
  d1: D1Database,
  owner: WebhookOwner,
  id: string,
  patch: Partial<
    Pick<WebhookRow, "url" | "events" | "active" | "description" | "updatedAt" | "disabledAt" | "failingSince">
  >,
): Statement {
  const update = db(d1)
    .update(webhooks)
    .set(patch)
    .where(and(eq(webhooks.id, id), ownedBy(owner)));
  return statementOf(d1, update);
}

/** Deletes the owner's webhook (its deliveries cascade); no row when missing or someone else's. */
export function deleteOwnWebhookStatement(d1: D1Database, owner: WebhookOwner, id: string): Statement {
  const remove = db(d1)
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), ownedBy(owner)));
  return statementOf(d1, remove);
}
