import {
  lastLedgerCheckViolations,
  ledgerViolationsSince,
  overdueAccounts,
  saveLedgerCheck,
} from "../../db/billing-integrity";
import { iso } from "../../lib/clock";
import type { Context } from "../context";
import { eachShard } from "../shards/accounts";
import { wakeClock } from "./clock";

/** Accounts changed within this window are checked on each maintenance run (the cron runs every minute). */
const CHECK_WINDOW_MS = 10 * 60_000;
const MAX_REPORTED = 50;
/** A clock this far behind its account's next action is woken by the maintenance run (e.g. never armed). */
const CLOCK_GRACE_MS = 5 * 60_000;
const MAX_WAKES_PER_RUN = 25;

/**
 * The integrity check of the maintenance run: for every account changed
 * recently, balance = SUM(ledger.delta) ≥ 0. The result is kept in KV for the
 * admin status `checks.billing_ledger`; violations are logged.
 */
export async function checkLedgerInvariant(ctx: Context) {
  const now = ctx.now();
  const since = iso(now - CHECK_WINDOW_MS);
  // Every shard's recently changed accounts (an account's ledger is on its shard).
  const violations = (await eachShard(ctx, (onIt) => ledgerViolationsSince(onIt.db, since, MAX_REPORTED)))
    .flat()
    .slice(0, MAX_REPORTED);
  if (violations.length > 0) {
    console.error(JSON.stringify({ msg: "billing ledger invariant violated", accounts: violations }));
  }
  await saveLedgerCheck(ctx.kv, { checked_at: iso(now), violations });
  return violations;
}

/** The accounts the last maintenance run found in violation (the admin status `checks.billing_ledger`). */
export async function lastLedgerViolations(ctx: Context): Promise<string[]> {
  return lastLedgerCheckViolations(ctx.kv);
}

/** Wake the clocks of accounts whose next action is overdue (an index range, never every account). */
export async function wakeOverdueClocks(ctx: Context) {
  const now = ctx.now();
  const before = iso(now - CLOCK_GRACE_MS);
  const ids = (await eachShard(ctx, (onIt) => overdueAccounts(onIt.db, before, MAX_WAKES_PER_RUN)))
    .flat()
    .slice(0, MAX_WAKES_PER_RUN);
  for (const id of ids) await wakeClock(ctx, { accountId: id });
  return ids.length;
}
