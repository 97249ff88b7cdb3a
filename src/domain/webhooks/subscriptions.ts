import type { EventType } from "./events";

/** Which webhooks receive an event: active ones subscribed to its type (spec part 6). */
export function receives(webhook: { active: boolean; events: readonly string[] }, type: EventType): boolean {
  return webhook.active && webhook.events.includes(type);
}

/**
 * The test ping's type. Not an event anyone subscribes to: POST
 * /webhooks/{id}/test sends it to that one webhook regardless of its events.
 */
export const TEST_EVENT_TYPE = "webhook.test";
