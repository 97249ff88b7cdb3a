import { purgeExpiredIdempotencyKeys } from "./db/idempotency";
import { purgeExpiredRevocations } from "./db/revocations";
import { sweepOutbox } from "./domain/webhooks/outbox";
import type { Bindings } from "./env";
import { iso } from "./lib/clock";

/** At most this many expired idempotency records are deleted per run (in batches of 100). */
const PURGE_MAX_PER_RUN = 5_000;

/**
 * Housekeeping run by the cron trigger (wrangler.toml, every minute), so
 * requests never carry it: re-send outboxed events a request could not send,
 * delete expired idempotency records and
 * revocations whose tokens have all expired.
 */
export async function runMaintenance(env: Pick<Bindings, "DB" | "WEBHOOK_QUEUE">, now = Date.now()) {
  const sent = await sweepOutbox(env, now);
  let purged = 0;
  while (purged < PURGE_MAX_PER_RUN) {
    const deleted = await purgeExpiredIdempotencyKeys(env.DB, iso(now), 100);
    purged += deleted;
    if (deleted < 100) break;
  }
  const revocationsPurged = await purgeExpiredRevocations(env.DB, iso(now), PURGE_MAX_PER_RUN);
  return { outbox_sent: sent, idempotency_purged: purged, revocations_purged: revocationsPurged };
}
