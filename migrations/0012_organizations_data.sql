-- Custom migration. The session rollups (0006) key an organization's sessions by
-- the organization id, so personal counts stay personal and the organization's
-- list and stats read the same summary rows (docs/decisions.md, "Organizations").
DROP TRIGGER sessions_rollup_insert;
--> statement-breakpoint
DROP TRIGGER sessions_rollup_update;
--> statement-breakpoint
DROP TRIGGER sessions_rollup_delete;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_insert AFTER INSERT ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (COALESCE(NEW.organization_id, NEW.user_id), NEW.session_type, NEW.status, +1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (COALESCE(NEW.organization_id, NEW.user_id), substr(NEW.created_at, 1, 10), +1, +NEW.credits_used, +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END), +(NEW.status = 'pending'), +(NEW.status = 'processing'), +(NEW.status = 'completed'), +(NEW.status = 'failed'), +(NEW.status = 'cancelled'), +(NEW.session_type = 'remote_viewing'), +(NEW.session_type = 'dowsing'), +(NEW.session_type = 'precognition'), +(NEW.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_update AFTER UPDATE OF status, session_type, credits_used, confidence_score, created_at, user_id, organization_id ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (COALESCE(OLD.organization_id, OLD.user_id), OLD.session_type, OLD.status, -1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (COALESCE(OLD.organization_id, OLD.user_id), substr(OLD.created_at, 1, 10), -1, -OLD.credits_used, -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END), -(OLD.status = 'pending'), -(OLD.status = 'processing'), -(OLD.status = 'completed'), -(OLD.status = 'failed'), -(OLD.status = 'cancelled'), -(OLD.session_type = 'remote_viewing'), -(OLD.session_type = 'dowsing'), -(OLD.session_type = 'precognition'), -(OLD.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (COALESCE(NEW.organization_id, NEW.user_id), NEW.session_type, NEW.status, +1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (COALESCE(NEW.organization_id, NEW.user_id), substr(NEW.created_at, 1, 10), +1, +NEW.credits_used, +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END), +(NEW.status = 'pending'), +(NEW.status = 'processing'), +(NEW.status = 'completed'), +(NEW.status = 'failed'), +(NEW.status = 'cancelled'), +(NEW.session_type = 'remote_viewing'), +(NEW.session_type = 'dowsing'), +(NEW.session_type = 'precognition'), +(NEW.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_delete AFTER DELETE ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (COALESCE(OLD.organization_id, OLD.user_id), OLD.session_type, OLD.status, -1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (COALESCE(OLD.organization_id, OLD.user_id), substr(OLD.created_at, 1, 10), -1, -OLD.credits_used, -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END), -(OLD.status = 'pending'), -(OLD.status = 'processing'), -(OLD.status = 'completed'), -(OLD.status = 'failed'), -(OLD.status = 'cancelled'), -(OLD.session_type = 'remote_viewing'), -(OLD.session_type = 'dowsing'), -(OLD.session_type = 'precognition'), -(OLD.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
END;
--> statement-breakpoint
--> statement-breakpoint
-- The audit log is append-only: no statement may change or remove a row.
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
