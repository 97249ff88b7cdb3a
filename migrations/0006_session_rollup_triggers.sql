-- Custom migration: triggers that keep session_counts and session_daily exact
-- (drizzle-kit does not generate triggers). Each trigger adds the new row's
-- contribution and/or subtracts the old one, inside the writing statement.
CREATE TRIGGER sessions_rollup_insert AFTER INSERT ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (NEW.user_id, NEW.session_type, NEW.status, +1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, session_type, status, n, credits, confidence_sum, confidence_n)
    VALUES (NEW.user_id, substr(NEW.created_at, 1, 10), NEW.session_type, NEW.status, +1, +NEW.credits_used,
            +COALESCE(NEW.confidence_score, 0), +(NEW.confidence_score IS NOT NULL))
    ON CONFLICT (user_id, day, session_type, status) DO UPDATE SET
      n = n + excluded.n, credits = credits + excluded.credits,
      confidence_sum = confidence_sum + excluded.confidence_sum, confidence_n = confidence_n + excluded.confidence_n;
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_update AFTER UPDATE OF status, session_type, credits_used, confidence_score, created_at, user_id ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (OLD.user_id, OLD.session_type, OLD.status, -1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, session_type, status, n, credits, confidence_sum, confidence_n)
    VALUES (OLD.user_id, substr(OLD.created_at, 1, 10), OLD.session_type, OLD.status, -1, -OLD.credits_used,
            -COALESCE(OLD.confidence_score, 0), -(OLD.confidence_score IS NOT NULL))
    ON CONFLICT (user_id, day, session_type, status) DO UPDATE SET
      n = n + excluded.n, credits = credits + excluded.credits,
      confidence_sum = confidence_sum + excluded.confidence_sum, confidence_n = confidence_n + excluded.confidence_n;
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (NEW.user_id, NEW.session_type, NEW.status, +1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, session_type, status, n, credits, confidence_sum, confidence_n)
    VALUES (NEW.user_id, substr(NEW.created_at, 1, 10), NEW.session_type, NEW.status, +1, +NEW.credits_used,
            +COALESCE(NEW.confidence_score, 0), +(NEW.confidence_score IS NOT NULL))
    ON CONFLICT (user_id, day, session_type, status) DO UPDATE SET
      n = n + excluded.n, credits = credits + excluded.credits,
      confidence_sum = confidence_sum + excluded.confidence_sum, confidence_n = confidence_n + excluded.confidence_n;
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_delete AFTER DELETE ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (OLD.user_id, OLD.session_type, OLD.status, -1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, session_type, status, n, credits, confidence_sum, confidence_n)
    VALUES (OLD.user_id, substr(OLD.created_at, 1, 10), OLD.session_type, OLD.status, -1, -OLD.credits_used,
            -COALESCE(OLD.confidence_score, 0), -(OLD.confidence_score IS NOT NULL))
    ON CONFLICT (user_id, day, session_type, status) DO UPDATE SET
      n = n + excluded.n, credits = credits + excluded.credits,
      confidence_sum = confidence_sum + excluded.confidence_sum, confidence_n = confidence_n + excluded.confidence_n;
END;
--> statement-breakpoint
-- Backfill from sessions that exist before the triggers.
INSERT INTO session_counts (user_id, session_type, status, n)
  SELECT user_id, session_type, status, COUNT(*) FROM sessions GROUP BY user_id, session_type, status;
--> statement-breakpoint
INSERT INTO session_daily (user_id, day, session_type, status, n, credits, confidence_sum, confidence_n)
  SELECT user_id, substr(created_at, 1, 10), session_type, status, COUNT(*), SUM(credits_used),
         COALESCE(SUM(confidence_score), 0), COUNT(confidence_score)
    FROM sessions GROUP BY user_id, substr(created_at, 1, 10), session_type, status;
