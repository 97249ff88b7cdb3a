import { deterministicId } from "../../lib/ids";
import type { Config } from "../config";

/**
 * A delivery = one event for one webhook. The consumer fans an EventMessage
 * out into one DeliveryMessage per receiving webhook, so each webhook is
 * retried on its own schedule.
 */
export interface DeliveryMessage {
  kind: "delivery";
  delivery_id: string;
}

export const deliveryMessage = (deliveryId: string): DeliveryMessage => ({ kind: "delivery", delivery_id: deliveryId });

/**
 * Deterministic per (event, webhook): it is the `webhook-id` header, the same
 * on every retry and replay, so receivers can dedupe on it (Standard Webhooks).
 */
export function deliveryIdFor(eventId: string, webhookId: string): Promise<string> {
  return deterministicId("dlv", `${eventId}:${webhookId}`);
}

/** The Standard Webhooks payload: `{type, timestamp, data}`; timestamp is when the event happened. */
export const payloadBody = (type: string, occurredAt: string, data: Record<string, unknown>): string =>
  JSON.stringify({ type, timestamp: occurredAt, data });

export function allowPrivateUrls(config: Pick<Config, "environment" | "webhookAllowPrivateUrls">): boolean {
  // Never in production, whatever the var says.
  return config.webhookAllowPrivateUrls && config.environment !== "production";
}
