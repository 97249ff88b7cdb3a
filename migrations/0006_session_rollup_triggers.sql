-- Custom migration (drizzle-kit does not generate triggers): keep session_counts
-- and session_daily exact. Each trigger subtracts the old row's contribution
-- and/or adds the new one, inside the statement that wrote the session.
CREATE TRIGGER sessions_rollup_insert AFTER INSERT ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (NEW.user_id, NEW.session_type, NEW.status, +1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (NEW.user_id, substr(NEW.created_at, 1, 10), +1, +NEW.credits_used, +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END), +(NEW.status = 'pending'), +(NEW.status = 'processing'), +(NEW.status = 'completed'), +(NEW.status = 'failed'), +(NEW.status = 'cancelled'), +(NEW.session_type = 'remote_viewing'), +(NEW.session_type = 'dowsing'), +(NEW.session_type = 'precognition'), +(NEW.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_update AFTER UPDATE OF status, session_type, credits_used, confidence_score, created_at, user_id ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (OLD.user_id, OLD.session_type, OLD.status, -1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (OLD.user_id, substr(OLD.created_at, 1, 10), -1, -OLD.credits_used, -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END), -(OLD.status = 'pending'), -(OLD.status = 'processing'), -(OLD.status = 'completed'), -(OLD.status = 'failed'), -(OLD.status = 'cancelled'), -(OLD.session_type = 'remote_viewing'), -(OLD.session_type = 'dowsing'), -(OLD.session_type = 'precognition'), -(OLD.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (NEW.user_id, NEW.session_type, NEW.status, +1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (NEW.user_id, substr(NEW.created_at, 1, 10), +1, +NEW.credits_used, +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END), +(NEW.status = 'pending'), +(NEW.status = 'processing'), +(NEW.status = 'completed'), +(NEW.status = 'failed'), +(NEW.status = 'cancelled'), +(NEW.session_type = 'remote_viewing'), +(NEW.session_type = 'dowsing'), +(NEW.session_type = 'precognition'), +(NEW.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_delete AFTER DELETE ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (OLD.user_id, OLD.session_type, OLD.status, -1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (OLD.user_id, substr(OLD.created_at, 1, 10), -1, -OLD.credits_used, -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END), -(OLD.status = 'pending'), -(OLD.status = 'processing'), -(OLD.status = 'completed'), -(OLD.status = 'failed'), -(OLD.status = 'cancelled'), -(OLD.session_type = 'remote_viewing'), -(OLD.session_type = 'dowsing'), -(OLD.session_type = 'precognition'), -(OLD.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
END;
--> statement-breakpoint
-- Backfill from sessions that exist before the triggers.
INSERT INTO session_counts (user_id, session_type, status, n)
  SELECT user_id, session_type, status, COUNT(*) FROM sessions GROUP BY user_id, session_type, status;
--> statement-breakpoint
INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
  SELECT user_id, substr(created_at, 1, 10), COUNT(*), SUM(credits_used), COALESCE(SUM(CASE WHEN status = 'completed' THEN confidence_score END), 0), SUM(status = 'pending'), SUM(status = 'processing'), SUM(status = 'completed'), SUM(status = 'failed'), SUM(status = 'cancelled'), SUM(session_type = 'remote_viewing'), SUM(session_type = 'dowsing'), SUM(session_type = 'precognition'), SUM(session_type = 'intuitive_analysis')
    FROM sessions GROUP BY user_id, substr(created_at, 1, 10);
