import { KV_KEYS } from "./kv-keys";
import type { KeyValues } from "./store";

/**
 * Accounts changed at or after `since` (index billing_accounts_updated_idx)
 * whose balance differs from the sum of their ledger rows, or is negative,
 * or whose included credits exceed it.
 */
export async function ledgerViolationsSince(d1: D1Database, since: string, limit: number): Promise<string[]> {
  const { results } = await d1
    .prepare(
      `SELECT a.id FROM billing_accounts a
        WHERE a.updated_at >= ?1
          AND (a.balance < 0 OR a.included_balance > a.balance
               OR a.balance <> (SELECT COALESCE(SUM(l.delta), 0) FROM credit_ledger l WHERE l.account_id = a.id))
        LIMIT ?2`,
    )
    .bind(since, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Accounts whose billing clock is overdue by more than the grace (index billing_accounts_next_action_idx). */
export async function overdueAccounts(d1: D1Database, before: string, limit: number): Promise<string[]> {
  const { results } = await d1
    .prepare("SELECT id FROM billing_accounts WHERE next_action_at < ?1 ORDER BY next_action_at LIMIT ?2")
    .bind(before, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The KV key holding the last ledger check's result (docs/storage.md). */
const LEDGER_CHECK_KEY = KV_KEYS.ledgerCheck;

/** Keep the last ledger check's result for the admin status (`checks.billing_ledger`). */
export async function saveLedgerCheck(kv: KeyValues, check: { checked_at: string; violations: string[] }) {
  await kv.put(LEDGER_CHECK_KEY, JSON.stringify(check));
}

/** The accounts the last ledger check found in violation (none before the first check). */
export async function lastLedgerCheckViolations(kv: KeyValues): Promise<string[]> {
  const last = await kv.get<{ violations: string[] }>(LEDGER_CHECK_KEY, "json");
  return last?.violations ?? [];
}
