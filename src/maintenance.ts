import type { Bindings } from "./bindings";
import { systemContext } from "./context/system";
import { checkLedgerInvariant, wakeOverdueClocks } from "./domain/billing/integrity";
import { purgeExpired, purgeIdempotencyRecords } from "./domain/housekeeping/purge";
import { sweepMail } from "./domain/mail/outbox";
import { sweepArchive } from "./domain/sessions/archive";
import { eachShard } from "./domain/shards/accounts";
import { sweepErasures } from "./domain/users/account-erasure";
import { sweepOutbox } from "./domain/webhooks/outbox";

const sum = (counts: number[]) => counts.reduce((total, n) => total + n, 0);

/**
 * Housekeeping run by the cron trigger (wrangler.toml, every minute), so
 * requests never carry it: re-send outboxed events a request could not send,
 * check balance = SUM(ledger) on recently changed billing accounts, wake
 * billing clocks that are overdue, and delete expired idempotency records and
 * expired SSO one-time keys (AuthnRequest ids, the assertion replay cache).
 * It also purges revocations whose tokens have all expired and self-registered OAuth clients whose registration
 * expired unused (docs/mcp.md), and sends mail a request could not, and finishes deleted accounts' erasures,
 * and moves ended sessions' content past its hot window to the archive (R2).
 */
export async function runMaintenance(env: Bindings, now = Date.now()) {
  // Events are outboxed with the change they announce, on its shard: each shard's are swept.
  const sent = sum(
    await eachShard(
      systemContext(env, "maintenance", () => now),
      sweepOutbox,
    ),
  );
  const mailSent = await sweepMail(systemContext(env, "maintenance", () => now));
  const ledgerViolations = (await checkLedgerInvariant(systemContext(env, "maintenance", () => now))).length;
  const clocksWoken = await wakeOverdueClocks(systemContext(env, "maintenance", () => now));
  const purged = await purgeIdempotencyRecords(systemContext(env, "maintenance", () => now));
  const expired = await purgeExpired(systemContext(env, "maintenance", () => now));
  // Deleted accounts' sessions and processor customers a request could not finish (docs/storage.md).
  const erasures = await sweepErasures(systemContext(env, "maintenance", () => now));
  // Ended sessions past their hot window: their content to the archive (docs/storage.md "Session archive").
  const archived = sum(
    await eachShard(
      systemContext(env, "maintenance", () => now),
      (onIt) => sweepArchive(onIt),
    ),
  );
  return {
    registered_clients_purged: expired.registrations,
    outbox_sent: sent,
    mail_sent: mailSent,
    idempotency_purged: purged,
    revocations_purged: expired.revocations,
    ledger_violations: ledgerViolations,
    billing_clocks_woken: clocksWoken,
    account_erasures_finished: erasures,
    sessions_archived: archived,
  };
}
