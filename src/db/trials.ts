/**
 * The trial of a paid tier chosen at registration (domain/billing/trial.ts): statements for the
 * email verification's batch, each conditional on that batch having verified the address
 * (`users.email_verified_at = at`), so a replayed or raced verification writes nothing.
 */
import type { Statement, Store } from "./store";

export interface TrialStart {
  userId: string;
  accountId: string;
  /** The normalised mailbox's claim key (free_credit_grants.email_hash). */
  emailHash: string;
  /** The verification's time: the trial's and the new period's start. */
  at: string;
  /** The trial's end: also the period's end and the billing clock's next action. */
  endsAt: string;
}

/**
 * Starts the chosen tier's trial when this batch's verification is the mailbox's first claim (the
 * free-credit claim row inserted just before, with this user and time): a mailbox trials once,
 * whoever holds it and however often it is deleted and registered again. The account must still be
 * on the free plan as registration left it. Then the chosen tier is cleared either way, and the
 * user row's tier follows the account.
 */
export function trialStartStatements(db: Store, t: TrialStart): Statement[] {
  const verifiedNow = "EXISTS (SELECT 1 FROM users WHERE id = ?2 AND email_verified_at = ?3)";
  return [
    db
      .prepare(
        `UPDATE billing_accounts
            SET tier = trial_tier, status = 'trialing', trial_tier = NULL, pending_tier = NULL,
                current_period_start = ?3, current_period_end = ?5, trial_ends_at = ?5, next_action_at = ?5,
                dunning_attempts = 0, updated_at = ?3
          WHERE id = ?1 AND trial_tier IS NOT NULL AND tier = 'basic' AND status = 'active' AND pending_tier IS NULL
            AND EXISTS (SELECT 1 FROM free_credit_grants WHERE email_hash = ?4 AND user_id = ?2 AND granted_at = ?3)`,
      )
      .bind(t.accountId, t.userId, t.at, t.emailHash, t.endsAt),
    db
      .prepare(
        `UPDATE billing_accounts SET trial_tier = NULL, updated_at = ?3 WHERE id = ?1 AND trial_tier IS NOT NULL AND ${verifiedNow}`,
      )
      .bind(t.accountId, t.userId, t.at),
    db
      .prepare(
        `UPDATE users SET tier = (SELECT tier FROM billing_accounts WHERE id = ?1)
          WHERE id = ?2 AND email_verified_at = ?3`,
      )
      .bind(t.accountId, t.userId, t.at),
  ];
}
