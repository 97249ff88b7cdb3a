import { deterministicId } from "../../lib/ids";

/**
 * The event message every producer puts on the WEBHOOK_QUEUE (spec part 6).
 * Producers: the SessionRoom (session.completed, session.failed,
 * analysis.ready) and billing (billing.payment_succeeded for purchases, fees
 * and plan changes; billing.payment_failed for a failed renewal;
 * billing.plan_changed when a plan changes, e.g. the move to basic after dunning;
 * billing.payment_reversed when the processor refunds, disputes or later fails a charge) and the delivery
 * consumer (webhook.disabled when it disabled a failing endpoint, src/domain/webhooks/health.ts). The consumer fans
 * an event out to the user's active webhooks subscribed to its type.
 *
 * A message carries everything a delivery needs: the consumer never has to
 * read the session or the transaction again.
 */
export const EVENT_TYPES = [
  "session.completed",
  "session.failed",
  "analysis.ready",
  "billing.payment_succeeded",
  "billing.payment_failed",
  "billing.plan_changed",
  "billing.payment_reversed",
  "webhook.disabled",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EventMessage {
  kind: "event";
  /** evt_<digits>, deterministic per (type, subject) so a repeated producer step yields the same id. */
  event_id: string;
  type: EventType;
  user_id: string;
  /** ISO-8601 time the event happened. */
  occurred_at: string;
  /** The payload's `data` object, as the receiver will see it. */
  data: Record<string, unknown>;
}

/**
 * A deterministic event id: the same (type, subject) always gives the same id,
 * so an alarm that runs twice produces the same event (receivers dedupe on it).
 */
export function eventIdFor(type: EventType, subjectId: string): Promise<string> {
  return deterministicId("evt", `${type}:${subjectId}`);
}

export function eventMessage(
  type: EventType,
  eventId: string,
  userId: string,
  occurredAt: string,
  data: Record<string, unknown>,
): EventMessage {
  return { kind: "event", event_id: eventId, type, user_id: userId, occurred_at: occurredAt, data };
}
