import {
  countRecoverable,
  type DeliveryStatus,
  deliveryStatusStatement,
  findDeliveryOfWebhook,
  insertDeliveryStatement,
  listDeliveries,
  requeueRecoverableWrite,
  unqueueDeliveriesStatements,
} from "../../db/webhook-deliveries";
import { AppError, invalidField } from "../../errors";
import { DAY_MS, instantMs, iso, utcBounds } from "../../lib/clock";
import { base64url, fromBase64 } from "../../lib/encoding";
import { newId } from "../../lib/ids";
import type { UserContext } from "../context";
import { commitWrite } from "../unit-of-work";
import { deliveryIdFor, deliveryMessage, payloadBody } from "./deliveries";
import { ownWebhook } from "./manage";
import { TEST_EVENT_TYPE } from "./subscriptions";

export interface DeliveryLogInput {
  webhookId: string;
  limit: number;
  offset: number;
  statuses?: readonly DeliveryStatus[] | undefined;
  eventType?: string | undefined;
  /** ISO times: created at or after `since`, before `until`. */
  since?: string | undefined;
  until?: string | undefined;
  /** The `next_cursor` of the previous page. */
  cursor?: string | undefined;
}

/** A page's cursor: where the next page starts in the log's order (created_at, id), opaque to clients. */
const encodeCursor = (d: { createdAt: string; id: string }) =>
  base64url(new TextEncoder().encode(JSON.stringify([d.createdAt, d.id])));

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const b64 = cursor.replace(/-/g, "+").replace(/_/g, "/");
    const [createdAt, id] = JSON.parse(
      new TextDecoder().decode(fromBase64(b64 + "=".repeat((4 - (b64.length % 4)) % 4))),
    );
    if (typeof createdAt === "string" && typeof id === "string") return { createdAt, id };
  } catch {
    // refused below
  }
  throw invalidField("cursor", "not a cursor this log returned", "query");
}

/**
 * The webhook's delivery log, newest first, each delivery with its attempts; filtered by status,
 * event type and time, paged by cursor (`next_cursor`) or offset.
 */
export async function deliveryLog(ctx: UserContext, input: DeliveryLogInput) {
  const webhook = await ownWebhook(ctx, { webhookId: input.webhookId });
  const { limit, offset } = input;
  const { since, until } = utcBounds(input);
  const { deliveries, attempts, total, more } = await listDeliveries(ctx.db, {
    webhookId: webhook.id,
    statuses: input.statuses,
    eventType: input.eventType,
    since,
    until,
    after: input.cursor === undefined ? undefined : decodeCursor(input.cursor),
    limit,
    offset,
  });
  const last = deliveries.at(-1);
  return {
    deliveries: deliveries.map((d) => ({
      id: d.id,
      event_id: d.eventId,
      event_type: d.eventType,
      status: d.status,
      attempts: d.attempts,
      last_status_code: d.lastStatusCode,
      last_error: d.lastError,
      created_at: d.createdAt,
      updated_at: d.updatedAt,
      attempt_log: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({
          attempt: a.attempt,
          status_code: a.statusCode,
          duration_ms: a.durationMs,
          error: a.error,
          attempted_at: a.createdAt,
        })),
    })),
    pagination: {
      total,
      limit,
      offset,
      has_more: more,
      next_cursor: more && last ? encodeCursor(last) : null,
    },
  };
}

async function activeOwnWebhook(ctx: UserContext, webhookId: string) {
  const webhook = await ownWebhook(ctx, { webhookId });
  if (!webhook.active) throw new AppError("WEBHOOK_INACTIVE", { details: { webhook_id: webhook.id } });
  return webhook;
}

/** How far back recover reaches (Svix offers the same span), and how many deliveries one call queues. */
const RECOVER_WINDOW_MS = 14 * DAY_MS;
/** One queue sendBatch carries at most 100 messages (Cloudflare Queues limits). */
const RECOVER_MAX = 100;

/**
 * Send again every delivery to this webhook that failed for good (`failed`, `dead`) or was never
 * sent (`skipped`: the webhook was inactive or disabled) since `since` (at most RECOVER_WINDOW_MS
 * back: an earlier time starts at the window, and the answer's `since` says where), oldest first, through the
 * queue, RECOVER_MAX per call (`remaining` says how many a further call would queue). Idempotent:
 * a delivery recover already queued is pending, so a second call does not queue it again.
 */
export async function recoverDeliveries(ctx: UserContext, input: { webhookId: string; since: string }) {
  const now = ctx.now();
  const asked = instantMs(input.since);
  if (Number.isNaN(asked)) throw invalidField("since", "must be an RFC 3339 date-time");
  // Earlier than the window starts at the window (the answer's `since` says so); a future time finds nothing.
  const since = Math.max(asked, now - RECOVER_WINDOW_MS);
  const webhook = await activeOwnWebhook(ctx, input.webhookId);
  const from = iso(since);
  const ids = await commitWrite(
    ctx,
    requeueRecoverableWrite(ctx.db, { webhookId: webhook.id, since: from, max: RECOVER_MAX, at: iso(now) }),
  );
  try {
    await ctx.ports.webhookQueue.send(ids.map(deliveryMessage));
  } catch (err) {
    await ctx.commit(unqueueDeliveriesStatements(ctx.db, ids, iso(now)));
    throw err;
  }
  return { since: from, queued: ids.length, remaining: await countRecoverable(ctx.db, webhook.id, from) };
}

/**
 * Send a delivery again, whatever its status. Same body and same webhook-id
 * (receivers that already processed it can dedupe); a fresh timestamp and
 * signature. Its attempts continue in the same log.
 */
export async function replayDelivery(ctx: UserContext, input: { webhookId: string; deliveryId: string }) {
  const { webhookId, deliveryId } = input;
  const webhook = await activeOwnWebhook(ctx, webhookId);
  const delivery = await findDeliveryOfWebhook(ctx.db, webhook.id, deliveryId);
  if (!delivery)
    throw new AppError("RESOURCE_NOT_FOUND", { message: "Delivery not found.", details: { resource: "delivery" } });
  await ctx.commit([deliveryStatusStatement(ctx.db, delivery.id, "pending", iso(ctx.now()))]);
  await ctx.ports.webhookQueue.send([deliveryMessage(delivery.id)]);
  return { delivery_id: delivery.id, event_id: delivery.eventId, status: "pending" as const };
}

/** A `webhook.test` ping to this one webhook, through the same queue, signing and log as real events. */
export async function sendTestPing(ctx: UserContext, input: { webhookId: string }) {
  const { principal } = ctx;
  const now = ctx.now();
  const webhook = await activeOwnWebhook(ctx, input.webhookId);
  const eventId = newId("evt", now);
  const at = iso(now);
  const id = await deliveryIdFor(eventId, webhook.id);
  const body = payloadBody(TEST_EVENT_TYPE, at, { webhook_id: webhook.id, message: "This is a test delivery." });
  await ctx.commit([
    insertDeliveryStatement(ctx.db, {
      id,
      webhookId: webhook.id,
      userId: principal.userId,
      eventId,
      eventType: TEST_EVENT_TYPE,
      body,
      status: "pending",
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      createdAt: at,
      updatedAt: at,
    }),
  ]);
  await ctx.ports.webhookQueue.send([deliveryMessage(id)]);
  return { delivery_id: id, event_id: eventId, status: "pending" as const };
}
