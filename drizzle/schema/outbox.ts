import { sql } from "drizzle-orm";
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { EventMessage } from "../../src/domain/webhooks/events";

/**
 * Transactional outbox for events produced by a request (billing.payment_succeeded):
 * the row is written in the same D1 batch as the change it announces, then
 * sent to the webhook queue; rows still unsent are re-sent by the cron sweeper.
 * An event is therefore never lost when the queue is briefly unavailable.
 */
export const eventOutbox = sqliteTable(
  "event_outbox",
  {
    eventId: text("event_id").primaryKey(),
    /** The queue message (src/domain/webhooks/events.ts EventMessage), as JSON. */
    message: text("message", { mode: "json" }).$type<EventMessage>().notNull(),
    createdAt: text("created_at").notNull(),
    sentAt: text("sent_at"),
  },
  (t) => [index("event_outbox_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} IS NULL`)],
);
