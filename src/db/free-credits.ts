/**
 * The free-credit grants' writes (domain/billing/free-credits.ts): statements committed in the
 * batch of the change that earns them (an email's verification, an organization's creation), each
 * conditional on the one before it, so the claim, its ledger row and the balance move together or
 * not at all. The ledger row is unique per (reason, reference) like every grant (db/credits.ts).
 */
import { type LedgerEntry, ledgerRowExists, ONCE_PER_REFERENCE } from "./credits";

const LEDGER = "INSERT INTO credit_ledger (id, account_id, delta, reason, reference_id, description, created_at)";

export interface EmailClaim {
  emailHash: string;
  userId: string;
  /** The verification's time: `users.email_verified_at` equals it only in the batch that verified. */
  at: string;
  credits: number;
  /** The user's billing account; its ledger row (reason signup_grant, reference `free:<hash>`). */
  grant: LedgerEntry;
}

/**
 * A verified email's claim: the claim row (refused by the primary key when the address claimed
 * before, and by the user's unique index when this account claimed with another address), then the
 * grant's ledger row and the balance, only if that claim row is this batch's. An account that was
 * given starting credits before the rule (a `signup_grant` row referencing the account) records the
 * claim with 0 credits and gets no ledger row.
 */
export function emailClaimStatements(d1: D1Database, c: EmailClaim): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        // `reason <> 'session_debit'` repeats the unique index's WHERE so SQLite uses that partial index.
        `INSERT INTO free_credit_grants (email_hash, user_id, granted_at, credits)
         SELECT ?1, ?2, ?3,
                CASE WHEN EXISTS (SELECT 1 FROM credit_ledger WHERE reason = 'signup_grant' AND reason <> 'session_debit' AND reference_id = ?5) THEN 0 ELSE ?4 END
          WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2 AND email_verified_at = ?3)
         ON CONFLICT DO NOTHING`,
      )
      .bind(c.emailHash, c.userId, c.at, c.credits, c.grant.accountId),
    d1
      .prepare(
        `${LEDGER} SELECT ?1, ?2, credits, ?3, ?4, ?5, ?6 FROM free_credit_grants
          WHERE email_hash = ?7 AND user_id = ?8 AND granted_at = ?9 AND credits > 0
         ${ONCE_PER_REFERENCE}`,
      )
      .bind(
        c.grant.ledgerId,
        c.grant.accountId,
        c.grant.reason,
        c.grant.referenceId,
        c.grant.description,
        c.grant.at,
        c.emailHash,
        c.userId,
        c.at,
      ),
    creditGrantedAccountStatement(d1, c.grant),
  ];
}

/**
 * The balance and included credits raised by the grant's ledger row, when the batch wrote it; the
 * account's free plan renews from then on (`free_included`).
 */
function creditGrantedAccountStatement(d1: D1Database, grant: LedgerEntry): D1PreparedStatement {
  const delta = "(SELECT delta FROM credit_ledger WHERE account_id = ?2 AND created_at = ?3 AND id = ?1)";
  return d1
    .prepare(
      `UPDATE billing_accounts SET balance = balance + ${delta}, included_balance = included_balance + ${delta},
         period_included = period_included + ${delta}, free_included = 1, updated_at = ?3
       WHERE id = ?2 AND ${ledgerRowExists("?1", "?2", "?3")}`,
    )
    .bind(grant.ledgerId, grant.accountId, grant.at);
}

export interface OrganizationClaim {
  userId: string;
  organizationId: string;
  at: string;
  credits: number;
  /** The organization's new billing account (inserted earlier in the batch) and its grant's ledger row. */
  grant: LedgerEntry;
}

/**
 * The included credits of a verified owner's first organization: the owner's claim is marked with
 * this organization if it has none yet (and the owner's email is verified now), then the ledger row
 * and the balance, only if that mark is this batch's. A later organization, or one re-created after
 * a deletion, finds the claim spent and starts at 0.
 */
export function organizationClaimStatements(d1: D1Database, c: OrganizationClaim): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `UPDATE free_credit_grants SET organization_id = ?2, organization_granted_at = ?3
          WHERE user_id = ?1 AND organization_id IS NULL
            AND EXISTS (SELECT 1 FROM users WHERE id = ?1 AND email_verified_at IS NOT NULL)`,
      )
      .bind(c.userId, c.organizationId, c.at),
    d1
      .prepare(
        `${LEDGER} SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
          WHERE EXISTS (SELECT 1 FROM free_credit_grants WHERE organization_id = ?8 AND organization_granted_at = ?7)
         ${ONCE_PER_REFERENCE}`,
      )
      .bind(
        c.grant.ledgerId,
        c.grant.accountId,
        c.credits,
        c.grant.reason,
        c.grant.referenceId,
        c.grant.description,
        c.grant.at,
        c.organizationId,
      ),
    creditGrantedAccountStatement(d1, c.grant),
  ];
}
