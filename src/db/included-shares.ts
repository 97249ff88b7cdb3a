import { ANY_SESSION_TYPE } from "./sessions";

/**
 * When an account's included credits expire (a renewal, or a late fee failure ending the paid
 * period), so do the shares of them its pending and processing sessions paid with: each such
 * session's `credits_included` moves to `credits_expired`, which a refund writes off instead of
 * returning (src/db/credits.ts, sessionRefundStatements). Two statements, one per kind of owner,
 * each reading the account's active sessions through its owner's index (a person's
 * user_type_status_created, an organization's sessions_org_active_idx), and each only where
 * `condition` (SQL, its parameters bound from ?2 on) holds, so it commits with the expiry.
 */
export function expireIncludedShares(
  d1: D1Database,
  accountId: string,
  condition: { sql: string; params: unknown[] },
): D1PreparedStatement[] {
  const owner = (type: "user" | "organization") =>
    `(SELECT owner_id FROM billing_accounts WHERE id = ?1 AND owner_type = '${type}')`;
  const active = "account_id = ?1 AND status IN ('pending', 'processing') AND credits_included > 0";
  const move = "UPDATE sessions SET credits_expired = credits_expired + credits_included, credits_included = 0";
  return [
    d1
      .prepare(
        `${move} WHERE user_id = ${owner("user")} AND ${ANY_SESSION_TYPE} AND organization_id IS NULL AND ${active} AND ${condition.sql}`,
      )
      .bind(accountId, ...condition.params),
    d1
      .prepare(`${move} WHERE organization_id = ${owner("organization")} AND ${active} AND ${condition.sql}`)
      .bind(accountId, ...condition.params),
  ];
}
