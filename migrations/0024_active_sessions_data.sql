-- Custom migration: billing_accounts.active_sessions counts the account's sessions that are
-- pending or processing (the concurrency cap). The debit that pays for a session raises it in
-- the statement that checks the cap (db/sessions.ts); these triggers lower it when a session
-- leaves pending/processing or is deleted while in them. Then the count as of now.
CREATE TRIGGER sessions_active_leave AFTER UPDATE OF status ON sessions
  WHEN OLD.status IN ('pending', 'processing') AND NEW.status NOT IN ('pending', 'processing') BEGIN
  UPDATE billing_accounts SET active_sessions = active_sessions - 1 WHERE id = OLD.account_id;
END;
--> statement-breakpoint
CREATE TRIGGER sessions_active_delete AFTER DELETE ON sessions
  WHEN OLD.status IN ('pending', 'processing') BEGIN
  UPDATE billing_accounts SET active_sessions = active_sessions - 1 WHERE id = OLD.account_id;
END;
--> statement-breakpoint
UPDATE billing_accounts SET active_sessions = (
  SELECT COUNT(*) FROM sessions WHERE sessions.account_id = billing_accounts.id AND sessions.status IN ('pending', 'processing')
);
