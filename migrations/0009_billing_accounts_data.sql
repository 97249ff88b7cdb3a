-- Custom migration (a data copy drizzle-kit cannot generate): one billing
-- account per existing user, id `acct_<the user id's digits>`, holding the
-- user's tier and balance; every ledger row, transaction, payment method and
-- session points at it. Existing balances count as purchased credits (they
-- never expire), and the first period runs to the end of the current UTC month.
INSERT INTO billing_accounts (id, owner_type, owner_id, tier, status, balance, included_balance, period_included,
                              current_period_start, current_period_end, trial_ends_at, pending_tier, dunning_attempts,
                              next_action_at, created_at, updated_at)
  SELECT 'acct_' || substr(u.id, 6), 'user', u.id, u.tier, 'active', u.credits, 0,
         CASE u.tier WHEN 'enterprise' THEN 10000 WHEN 'professional' THEN 1000 ELSE 100 END,
         strftime('%Y-%m-01T00:00:00.000Z', 'now'),
         strftime('%Y-%m-01T00:00:00.000Z', 'now', 'start of month', '+1 month'),
         NULL, NULL, 0,
         strftime('%Y-%m-01T00:00:00.000Z', 'now', 'start of month', '+1 month'),
         u.created_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    FROM users u
    WHERE NOT EXISTS (SELECT 1 FROM billing_accounts a WHERE a.owner_type = 'user' AND a.owner_id = u.id);
--> statement-breakpoint
UPDATE credit_ledger SET account_id = 'acct_' || substr(user_id, 6) WHERE account_id IS NULL;
--> statement-breakpoint
UPDATE transactions SET account_id = 'acct_' || substr(user_id, 6) WHERE account_id IS NULL;
--> statement-breakpoint
UPDATE payment_methods SET account_id = 'acct_' || substr(user_id, 6) WHERE account_id IS NULL;
--> statement-breakpoint
UPDATE sessions SET account_id = 'acct_' || substr(user_id, 6) WHERE account_id IS NULL;
