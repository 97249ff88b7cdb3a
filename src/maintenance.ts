import { purgeExpiredIdempotencyKeys } from "./db/idempotency";
import { purgeExpiredRevocations } from "./db/revocations";
import { purgeExpiredOnce } from "./db/sso";
import { checkLedgerInvariant, wakeOverdueClocks } from "./domain/billing/integrity";
import { sweepOutbox } from "./domain/webhooks/outbox";
import type { Bindings } from "./env";
import { iso } from "./lib/clock";

/** At most this many expired idempotency records are deleted per run (in batches of 100). */
const PURGE_MAX_PER_RUN = 5_000;

/**
 * Housekeeping run by the cron trigger (wrangler.toml, every minute), so
 * requests never carry it: re-send outboxed events a request could not send,
 * check balance = SUM(ledger) on recently changed billing accounts, wake
 * billing clocks that are overdue, and delete expired idempotency records and
 * expired SSO one-time keys (AuthnRequest ids, the assertion replay cache).
 * It also purges revocations whose tokens have all expired.
 */
export async function runMaintenance(
  env: Pick<Bindings, "DB" | "WEBHOOK_QUEUE" | "KV" | "BILLING_CLOCK">,
  now = Date.now(),
) {
  const sent = await sweepOutbox(env, now);
  const ledgerViolations = (await checkLedgerInvariant(env, now)).length;
  const clocksWoken = await wakeOverdueClocks(env, now);
  let purged = 0;
  while (purged < PURGE_MAX_PER_RUN) {
    const deleted = await purgeExpiredIdempotencyKeys(env.DB, iso(now), 100);
    purged += deleted;
    if (deleted < 100) break;
  }
  await purgeExpiredOnce(env.DB, now);
  const revocationsPurged = await purgeExpiredRevocations(env.DB, iso(now), PURGE_MAX_PER_RUN);
  return {
    outbox_sent: sent,
    idempotency_purged: purged,
    revocations_purged: revocationsPurged,
    ledger_violations: ledgerViolations,
    billing_clocks_woken: clocksWoken,
  };
}
