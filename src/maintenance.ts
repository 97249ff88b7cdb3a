import { systemContext } from "./context/system";
import { type PurgeCursor, purgeExpiredIdempotencyKeys } from "./db/idempotency";
import { KV_KEYS } from "./db/kv-keys";
import { purgeExpiredRegisteredClients } from "./db/registered-clients";
import { purgeExpiredRevocations } from "./db/revocations";
import { purgeExpiredOnce } from "./db/sso-once";
import { checkLedgerInvariant, wakeOverdueClocks } from "./domain/billing/integrity";
import { sweepMail } from "./domain/mail/outbox";
import { sweepOutbox } from "./domain/webhooks/outbox";
import type { Bindings } from "./env";
import { iso } from "./lib/clock";

/** At most this many expired revocations are deleted per run. */
const PURGE_MAX_PER_RUN = 5_000;
/**
 * Idempotency records looked at per run, in chunks of 1,000 in key order from
 * where the last run stopped (a KV cursor): the table has no expires_at index
 * (a session's creation writes its record as one row), so a run reads a fixed
 * number of rows and a full pass takes records / 5,000 minutes (docs/scale.md).
 */
const IDEMPOTENCY_SCAN_PER_RUN = 5_000;
const IDEMPOTENCY_CHUNK = 1_000;
const IDEMPOTENCY_CURSOR = KV_KEYS.idempotencyPurgeCursor;

/**
 * Housekeeping run by the cron trigger (wrangler.toml, every minute), so
 * requests never carry it: re-send outboxed events a request could not send,
 * check balance = SUM(ledger) on recently changed billing accounts, wake
 * billing clocks that are overdue, and delete expired idempotency records and
 * expired SSO one-time keys (AuthnRequest ids, the assertion replay cache).
 * It also purges revocations whose tokens have all expired and self-registered OAuth clients whose registration
 * expired unused (docs/mcp.md), and sends mail a request could not.
 */
export async function runMaintenance(env: Bindings, now = Date.now()) {
  const sent = await sweepOutbox(systemContext(env, "maintenance", () => now));
  const mailSent = await sweepMail(systemContext(env, "maintenance"), now);
  const ledgerViolations = (await checkLedgerInvariant(systemContext(env, "maintenance", () => now))).length;
  const clocksWoken = await wakeOverdueClocks(systemContext(env, "maintenance", () => now));
  const purged = await purgeIdempotencyRecords(env, iso(now));
  await purgeExpiredOnce(env.DB, now);
  const revocationsPurged = await purgeExpiredRevocations(env.DB, iso(now), PURGE_MAX_PER_RUN);
  const registrationsPurged = await purgeExpiredRegisteredClients(env.DB, iso(now), PURGE_MAX_PER_RUN);
  return {
    registered_clients_purged: registrationsPurged,
    outbox_sent: sent,
    mail_sent: mailSent,
    idempotency_purged: purged,
    revocations_purged: revocationsPurged,
    ledger_violations: ledgerViolations,
    billing_clocks_woken: clocksWoken,
  };
}

/** One run's share of the idempotency purge: up to `scanPerRun` records from the saved cursor. */
export async function purgeIdempotencyRecords(
  env: Pick<Bindings, "DB" | "KV">,
  now: string,
  { scanPerRun = IDEMPOTENCY_SCAN_PER_RUN, chunk: chunkSize = IDEMPOTENCY_CHUNK } = {},
): Promise<number> {
  const saved = await env.KV.get<NonNullable<PurgeCursor>>(IDEMPOTENCY_CURSOR, "json");
  let cursor: PurgeCursor = saved;
  let purged = 0;
  for (let scanned = 0; scanned < scanPerRun; scanned += chunkSize) {
    const chunk = await purgeExpiredIdempotencyKeys(env.DB, now, cursor, chunkSize);
    purged += chunk.deleted;
    cursor = chunk.next;
    if (!cursor) break; // the end of the table: the next run starts from the beginning
  }
  if (cursor) await env.KV.put(IDEMPOTENCY_CURSOR, JSON.stringify(cursor));
  else if (saved) await env.KV.delete(IDEMPOTENCY_CURSOR);
  return purged;
}
