-- Account deletion (issue 29, docs/storage.md "Account deletion"): the audit log stays append-only, except
-- that a deleted person's client addresses are erased ("erased"), every other column as it was.
DROP TRIGGER audit_log_no_update;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
WHEN NOT (
  NEW.ip = 'erased'
  AND NEW.id IS OLD.id AND NEW.organization_id IS OLD.organization_id AND NEW.actor_user_id IS OLD.actor_user_id
  AND NEW.actor_credential IS OLD.actor_credential AND NEW.action IS OLD.action AND NEW.target_type IS OLD.target_type
  AND NEW.target_id IS OLD.target_id AND NEW.before IS OLD.before AND NEW.after IS OLD.after
  AND NEW.request_id IS OLD.request_id AND NEW.created_at IS OLD.created_at
)
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
-- The administrator trail likewise: only a deleted person's email may become its pseudonym.
DROP TRIGGER `admin_audit_no_update`;
--> statement-breakpoint
CREATE TRIGGER `admin_audit_no_update` BEFORE UPDATE ON `admin_audit`
WHEN NOT (
  NEW.email LIKE 'deleted+%@deleted.invalid'
  AND NEW.id IS OLD.id AND NEW.user_id IS OLD.user_id AND NEW.action IS OLD.action
  AND NEW.actor IS OLD.actor AND NEW.created_at IS OLD.created_at
)
BEGIN
  SELECT RAISE(ABORT, 'admin_audit is append-only');
END;
