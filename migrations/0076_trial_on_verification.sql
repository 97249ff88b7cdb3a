-- A paid tier chosen at registration (issue 29, docs/decisions.md "What an unverified account may not
-- do"): the account starts on the free plan and remembers the choice here; the trial starts when the
-- email is verified, once per mailbox. NULL once the trial started or was refused.
ALTER TABLE `billing_accounts` ADD `trial_tier` text;
