import { and, asc, isNull, lt } from "drizzle-orm";
import { eventOutbox } from "../../drizzle/schema";
import type { EventMessage } from "../domain/webhooks/events";
import { db } from "./client";
import { type LedgerEntry, ledgerRowExists } from "./credits";
import type { Statement } from "./store";

/**
 * The outbox row for `message`, written only if the batch's ledger row
 * `ledgerId` was (so an event exists iff the change it announces happened).
 * With `balanceOf` (an account id), `data.new_balance` is set in SQL to that account's balance at
 * this point of the batch, so the stored payload is exact.
 */
export function outboxStatement(
  d1: D1Database,
  message: EventMessage,
  ledger: Pick<LedgerEntry, "ledgerId" | "accountId" | "at">,
  balanceOf?: string,
): D1PreparedStatement {
  const payload = balanceOf
    ? "json_set(?2, '$.data.new_balance', (SELECT balance FROM billing_accounts WHERE id = ?5))"
    : "?2";
  return d1
    .prepare(
      `INSERT INTO event_outbox (event_id, message, created_at) SELECT ?1, ${payload}, ?3 WHERE ${ledgerRowExists("?4", "?6", "?7")} ON CONFLICT (event_id) DO NOTHING`,
    )
    .bind(
      message.event_id,
      JSON.stringify(message),
      message.occurred_at,
      ledger.ledgerId,
      balanceOf ?? null,
      ledger.accountId,
      ledger.at,
    );
}

/** Marks the events sent (those not marked already). */
export function markSentStatements(d1: D1Database, eventIds: string[], at: string): Statement[] {
  return eventIds.map((id) =>
    d1.prepare("UPDATE event_outbox SET sent_at = ?2 WHERE event_id = ?1 AND sent_at IS NULL").bind(id, at),
  );
}

/** Unsent events created before `before` (ISO), oldest first (partial index event_outbox_unsent_idx). */
export async function unsentBefore(d1: D1Database, before: string, limit: number): Promise<EventMessage[]> {
  const rows = await db(d1)
    .select({ message: eventOutbox.message })
    .from(eventOutbox)
    .where(and(isNull(eventOutbox.sentAt), lt(eventOutbox.createdAt, before)))
    .orderBy(asc(eventOutbox.createdAt))
    .limit(limit)
    .all();
  return rows.map((r) => r.message);
}

/** The outbox row for `message`, written only if the statement just before it in the batch changed a row. */
export function outboxIfChangedStatement(d1: D1Database, message: EventMessage): D1PreparedStatement {
  return d1
    .prepare(
      "INSERT INTO event_outbox (event_id, message, created_at) SELECT ?1, ?2, ?3 WHERE changes() = 1 ON CONFLICT (event_id) DO NOTHING",
    )
    .bind(message.event_id, JSON.stringify(message), message.occurred_at);
}
