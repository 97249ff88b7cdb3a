-- Custom migration: the account tables lose their foreign keys to `users`, so they can live on a
-- shard without the directory's tables beside them (docs/scale.md "Shards"; every database has this
-- one schema). users rows are never deleted (an account's deletion pseudonymises it), so the
-- ON DELETE CASCADE these keys carried never fired. SQLite drops a foreign key only by rebuilding the
-- table, and D1 runs a migration in a transaction, where `PRAGMA foreign_keys=OFF` is a no-op: a
-- DROP TABLE would cascade to the tables referencing the dropped one (docs/decisions.md, "users.credits
-- is retired"). So each referencing table is rebuilt too and dropped first, its copy referencing the
-- parent's copy; renaming a copy rewrites the references to it. DROP TABLE fires no trigger, and the
-- triggers and indexes are recreated as they were (their definitions from the migrated schema).
CREATE TABLE `__new_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`cue` text NOT NULL,
	`session_type` text NOT NULL,
	`status` text NOT NULL,
	`stage` text,
	`requested_duration` integer NOT NULL,
	`confidence_threshold` real NOT NULL,
	`analysis_types` text NOT NULL,
	`priority` text NOT NULL,
	`case_id` text,
	`client_reference` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`credits_required` integer NOT NULL,
	`credits_used` integer NOT NULL,
	`credits_refunded` integer DEFAULT 0 NOT NULL,
	`confidence_score` real,
	`analysis_id` text NOT NULL,
	`results` text,
	`analysis` text,
	`end_reason` text,
	`created_at` text NOT NULL,
	`estimated_completion` text NOT NULL,
	`started_at` text,
	`completed_at` text,
	`cancelled_at` text,
	`duration` integer,
	`updated_at` text NOT NULL, `account_id` text, `organization_id` text
);
--> statement-breakpoint
INSERT INTO `__new_sessions`("id", "user_id", "cue", "session_type", "status", "stage", "requested_duration", "confidence_threshold", "analysis_types", "priority", "case_id", "client_reference", "tags", "credits_required", "credits_used", "credits_refunded", "confidence_score", "analysis_id", "results", "analysis", "end_reason", "created_at", "estimated_completion", "started_at", "completed_at", "cancelled_at", "duration", "updated_at", "account_id", "organization_id") SELECT "id", "user_id", "cue", "session_type", "status", "stage", "requested_duration", "confidence_threshold", "analysis_types", "priority", "case_id", "client_reference", "tags", "credits_required", "credits_used", "credits_refunded", "confidence_score", "analysis_id", "results", "analysis", "end_reason", "created_at", "estimated_completion", "started_at", "completed_at", "cancelled_at", "duration", "updated_at", "account_id", "organization_id" FROM `sessions`;
--> statement-breakpoint
CREATE TABLE `__new_session_history` (
	`session_id` text NOT NULL,
	`stage` text NOT NULL,
	`position` integer NOT NULL,
	`timestamp` text NOT NULL,
	`confidence` real NOT NULL,
	`notes` text NOT NULL,
	PRIMARY KEY(`session_id`, `stage`),
	FOREIGN KEY (`session_id`) REFERENCES `__new_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_session_history`("session_id", "stage", "position", "timestamp", "confidence", "notes") SELECT "session_id", "stage", "position", "timestamp", "confidence", "notes" FROM `session_history`;
--> statement-breakpoint
CREATE TABLE `__new_webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`secret_sealed` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`last_triggered` text, `organization_id` text, `previous_secret_sealed` text, `previous_secret_expires_at` text, `failing_since` text, `disabled_at` text
);
--> statement-breakpoint
INSERT INTO `__new_webhooks`("id", "user_id", "url", "events", "secret_sealed", "active", "description", "created_at", "updated_at", "last_triggered", "organization_id", "previous_secret_sealed", "previous_secret_expires_at", "failing_since", "disabled_at") SELECT "id", "user_id", "url", "events", "secret_sealed", "active", "description", "created_at", "updated_at", "last_triggered", "organization_id", "previous_secret_sealed", "previous_secret_expires_at", "failing_since", "disabled_at" FROM `webhooks`;
--> statement-breakpoint
CREATE TABLE `__new_webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`webhook_id` text NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_status_code` integer,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`webhook_id`) REFERENCES `__new_webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_webhook_deliveries`("id", "webhook_id", "user_id", "event_id", "event_type", "body", "status", "attempts", "last_status_code", "last_error", "created_at", "updated_at") SELECT "id", "webhook_id", "user_id", "event_id", "event_type", "body", "status", "attempts", "last_status_code", "last_error", "created_at", "updated_at" FROM `webhook_deliveries`;
--> statement-breakpoint
CREATE TABLE `__new_webhook_delivery_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`delivery_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`status_code` integer,
	`duration_ms` integer NOT NULL,
	`error` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `__new_webhook_deliveries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_webhook_delivery_attempts`("id", "delivery_id", "attempt", "status_code", "duration_ms", "error", "created_at") SELECT "id", "delivery_id", "attempt", "status_code", "duration_ms", "error", "created_at" FROM `webhook_delivery_attempts`;
--> statement-breakpoint
CREATE TABLE `__new_api_usage_daily` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `day`)
);
--> statement-breakpoint
INSERT INTO `__new_api_usage_daily`("user_id", "day", "calls") SELECT "user_id", "day", "calls" FROM `api_usage_daily`;
--> statement-breakpoint
CREATE TABLE `__new_api_usage_monthly` (
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	`day_calls` text NOT NULL,
	PRIMARY KEY(`user_id`, `month`)
);
--> statement-breakpoint
INSERT INTO `__new_api_usage_monthly`("user_id", "month", "calls", "day_calls") SELECT "user_id", "month", "calls", "day_calls" FROM `api_usage_monthly`;
--> statement-breakpoint
DROP TABLE `webhook_delivery_attempts`;
--> statement-breakpoint
DROP TABLE `webhook_deliveries`;
--> statement-breakpoint
DROP TABLE `webhooks`;
--> statement-breakpoint
DROP TABLE `session_history`;
--> statement-breakpoint
DROP TABLE `sessions`;
--> statement-breakpoint
DROP TABLE `api_usage_monthly`;
--> statement-breakpoint
DROP TABLE `api_usage_daily`;
--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;
--> statement-breakpoint
ALTER TABLE `__new_session_history` RENAME TO `session_history`;
--> statement-breakpoint
ALTER TABLE `__new_webhooks` RENAME TO `webhooks`;
--> statement-breakpoint
ALTER TABLE `__new_webhook_deliveries` RENAME TO `webhook_deliveries`;
--> statement-breakpoint
ALTER TABLE `__new_webhook_delivery_attempts` RENAME TO `webhook_delivery_attempts`;
--> statement-breakpoint
ALTER TABLE `__new_api_usage_daily` RENAME TO `api_usage_daily`;
--> statement-breakpoint
ALTER TABLE `__new_api_usage_monthly` RENAME TO `api_usage_monthly`;
--> statement-breakpoint
CREATE TRIGGER api_usage_monthly_insert AFTER INSERT ON api_usage_daily BEGIN
  INSERT INTO api_usage_monthly (user_id, month, calls, day_calls)
    VALUES (NEW.user_id, substr(NEW.day, 1, 7), NEW.calls, json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']', NEW.calls))
    ON CONFLICT (user_id, month) DO UPDATE SET calls = calls + excluded.calls,
      day_calls = json_set(day_calls, '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_calls, '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']') + excluded.calls);
END;
--> statement-breakpoint
CREATE TRIGGER api_usage_monthly_update AFTER UPDATE OF user_id, day, calls ON api_usage_daily BEGIN
  UPDATE api_usage_monthly SET calls = calls - OLD.calls,
      day_calls = json_set(day_calls, '$[' || (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_calls, '$[' || (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1) || ']') - OLD.calls)
    WHERE user_id = OLD.user_id AND month = substr(OLD.day, 1, 7) AND (OLD.user_id <> NEW.user_id OR OLD.day <> NEW.day);
  INSERT INTO api_usage_monthly (user_id, month, calls, day_calls)
    VALUES (NEW.user_id, substr(NEW.day, 1, 7), NEW.calls, json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']', NEW.calls))
    ON CONFLICT (user_id, month) DO UPDATE SET
      calls = calls + excluded.calls - (CASE WHEN OLD.user_id = NEW.user_id AND OLD.day = NEW.day THEN OLD.calls ELSE 0 END),
      day_calls = json_set(day_calls, '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_calls, '$[' || (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1) || ']') + excluded.calls - (CASE WHEN OLD.user_id = NEW.user_id AND OLD.day = NEW.day THEN OLD.calls ELSE 0 END));
END;
--> statement-breakpoint
CREATE TRIGGER api_usage_monthly_delete AFTER DELETE ON api_usage_daily BEGIN
  UPDATE api_usage_monthly SET calls = calls - OLD.calls,
      day_calls = json_set(day_calls, '$[' || (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_calls, '$[' || (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1) || ']') - OLD.calls)
    WHERE user_id = OLD.user_id AND month = substr(OLD.day, 1, 7);
END;
--> statement-breakpoint
CREATE INDEX `session_history_order_idx` ON `session_history` (`session_id`,`position`);
--> statement-breakpoint
CREATE INDEX `sessions_user_created_idx` ON `sessions` (`user_id`,`created_at`,`id`);
--> statement-breakpoint
CREATE INDEX `sessions_org_created_idx` ON `sessions` (`organization_id`,`created_at`,`id`) WHERE "sessions"."organization_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `sessions_user_completed_idx` ON `sessions` (`user_id`,`completed_at`,`id`) WHERE "sessions"."completed_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `sessions_user_confidence_idx` ON `sessions` (`user_id`,`confidence_score`,`id`) WHERE "sessions"."confidence_score" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `sessions_org_active_idx` ON `sessions` (`organization_id`,`status`) WHERE "sessions"."organization_id" IS NOT NULL AND "sessions"."status" IN ('pending', 'processing');
--> statement-breakpoint
CREATE INDEX `sessions_user_type_status_created_idx` ON `sessions` (`user_id`,`session_type`,`status`,`created_at`,`id`);
--> statement-breakpoint
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
CREATE TRIGGER sessions_rollup_insert AFTER INSERT ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) SELECT COALESCE(NEW.organization_id, NEW.user_id), NEW.session_type, NEW.status, +1 WHERE NEW.status NOT IN ('pending', 'processing')
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_monthly (user_id, month, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis, day_n, day_credits, day_completed_confidence_sum, day_pending, day_processing, day_completed, day_failed, day_cancelled, day_remote_viewing, day_dowsing, day_precognition, day_intuitive_analysis)
    VALUES (COALESCE(NEW.organization_id, NEW.user_id), substr(NEW.created_at, 1, 7), +1, +NEW.credits_used, +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END), +(NEW.status = 'pending'), +(NEW.status = 'processing'), +(NEW.status = 'completed'), +(NEW.status = 'failed'), +(NEW.status = 'cancelled'), +(NEW.session_type = 'remote_viewing'), +(NEW.session_type = 'dowsing'), +(NEW.session_type = 'precognition'), +(NEW.session_type = 'intuitive_analysis'), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +1), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +NEW.credits_used), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END)), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.status = 'pending')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.status = 'processing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.status = 'completed')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.status = 'failed')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.status = 'cancelled')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.session_type = 'remote_viewing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.session_type = 'dowsing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.session_type = 'precognition')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.session_type = 'intuitive_analysis')))
    ON CONFLICT (user_id, month) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis,
      day_n = json_set(day_n, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_n, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.n),
      day_credits = json_set(day_credits, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_credits, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.credits),
      day_completed_confidence_sum = json_set(day_completed_confidence_sum, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_completed_confidence_sum, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.completed_confidence_sum),
      day_pending = json_set(day_pending, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_pending, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.pending),
      day_processing = json_set(day_processing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_processing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.processing),
      day_completed = json_set(day_completed, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_completed, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.completed),
      day_failed = json_set(day_failed, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_failed, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.failed),
      day_cancelled = json_set(day_cancelled, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_cancelled, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.cancelled),
      day_remote_viewing = json_set(day_remote_viewing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_remote_viewing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.remote_viewing),
      day_dowsing = json_set(day_dowsing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_dowsing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.dowsing),
      day_precognition = json_set(day_precognition, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_precognition, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.precognition),
      day_intuitive_analysis = json_set(day_intuitive_analysis, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_intuitive_analysis, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.intuitive_analysis);
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_update AFTER UPDATE OF status, session_type, credits_used, confidence_score, created_at, user_id, organization_id ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) SELECT COALESCE(OLD.organization_id, OLD.user_id), OLD.session_type, OLD.status, -1 WHERE OLD.status NOT IN ('pending', 'processing')
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_monthly (user_id, month, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis, day_n, day_credits, day_completed_confidence_sum, day_pending, day_processing, day_completed, day_failed, day_cancelled, day_remote_viewing, day_dowsing, day_precognition, day_intuitive_analysis)
    VALUES (COALESCE(OLD.organization_id, OLD.user_id), substr(OLD.created_at, 1, 7), -1, -OLD.credits_used, -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END), -(OLD.status = 'pending'), -(OLD.status = 'processing'), -(OLD.status = 'completed'), -(OLD.status = 'failed'), -(OLD.status = 'cancelled'), -(OLD.session_type = 'remote_viewing'), -(OLD.session_type = 'dowsing'), -(OLD.session_type = 'precognition'), -(OLD.session_type = 'intuitive_analysis'), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -1), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -OLD.credits_used), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END)), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.status = 'pending')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.status = 'processing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.status = 'completed')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.status = 'failed')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.status = 'cancelled')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.session_type = 'remote_viewing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.session_type = 'dowsing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.session_type = 'precognition')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.session_type = 'intuitive_analysis')))
    ON CONFLICT (user_id, month) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis,
      day_n = json_set(day_n, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_n, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.n),
      day_credits = json_set(day_credits, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_credits, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.credits),
      day_completed_confidence_sum = json_set(day_completed_confidence_sum, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_completed_confidence_sum, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.completed_confidence_sum),
      day_pending = json_set(day_pending, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_pending, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.pending),
      day_processing = json_set(day_processing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_processing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.processing),
      day_completed = json_set(day_completed, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_completed, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.completed),
      day_failed = json_set(day_failed, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_failed, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.failed),
      day_cancelled = json_set(day_cancelled, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_cancelled, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.cancelled),
      day_remote_viewing = json_set(day_remote_viewing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_remote_viewing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.remote_viewing),
      day_dowsing = json_set(day_dowsing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_dowsing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.dowsing),
      day_precognition = json_set(day_precognition, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_precognition, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.precognition),
      day_intuitive_analysis = json_set(day_intuitive_analysis, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_intuitive_analysis, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.intuitive_analysis);
  INSERT INTO session_counts (user_id, session_type, status, n) SELECT COALESCE(NEW.organization_id, NEW.user_id), NEW.session_type, NEW.status, +1 WHERE NEW.status NOT IN ('pending', 'processing')
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_monthly (user_id, month, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis, day_n, day_credits, day_completed_confidence_sum, day_pending, day_processing, day_completed, day_failed, day_cancelled, day_remote_viewing, day_dowsing, day_precognition, day_intuitive_analysis)
    VALUES (COALESCE(NEW.organization_id, NEW.user_id), substr(NEW.created_at, 1, 7), +1, +NEW.credits_used, +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END), +(NEW.status = 'pending'), +(NEW.status = 'processing'), +(NEW.status = 'completed'), +(NEW.status = 'failed'), +(NEW.status = 'cancelled'), +(NEW.session_type = 'remote_viewing'), +(NEW.session_type = 'dowsing'), +(NEW.session_type = 'precognition'), +(NEW.session_type = 'intuitive_analysis'), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +1), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +NEW.credits_used), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END)), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.status = 'pending')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.status = 'processing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.status = 'completed')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.status = 'failed')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.status = 'cancelled')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.session_type = 'remote_viewing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.session_type = 'dowsing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.session_type = 'precognition')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +(NEW.session_type = 'intuitive_analysis')))
    ON CONFLICT (user_id, month) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis,
      day_n = json_set(day_n, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_n, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.n),
      day_credits = json_set(day_credits, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_credits, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.credits),
      day_completed_confidence_sum = json_set(day_completed_confidence_sum, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_completed_confidence_sum, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.completed_confidence_sum),
      day_pending = json_set(day_pending, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_pending, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.pending),
      day_processing = json_set(day_processing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_processing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.processing),
      day_completed = json_set(day_completed, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_completed, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.completed),
      day_failed = json_set(day_failed, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_failed, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.failed),
      day_cancelled = json_set(day_cancelled, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_cancelled, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.cancelled),
      day_remote_viewing = json_set(day_remote_viewing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_remote_viewing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.remote_viewing),
      day_dowsing = json_set(day_dowsing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_dowsing, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.dowsing),
      day_precognition = json_set(day_precognition, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_precognition, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.precognition),
      day_intuitive_analysis = json_set(day_intuitive_analysis, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_intuitive_analysis, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.intuitive_analysis);
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_delete AFTER DELETE ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) SELECT COALESCE(OLD.organization_id, OLD.user_id), OLD.session_type, OLD.status, -1 WHERE OLD.status NOT IN ('pending', 'processing')
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_monthly (user_id, month, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis, day_n, day_credits, day_completed_confidence_sum, day_pending, day_processing, day_completed, day_failed, day_cancelled, day_remote_viewing, day_dowsing, day_precognition, day_intuitive_analysis)
    VALUES (COALESCE(OLD.organization_id, OLD.user_id), substr(OLD.created_at, 1, 7), -1, -OLD.credits_used, -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END), -(OLD.status = 'pending'), -(OLD.status = 'processing'), -(OLD.status = 'completed'), -(OLD.status = 'failed'), -(OLD.status = 'cancelled'), -(OLD.session_type = 'remote_viewing'), -(OLD.session_type = 'dowsing'), -(OLD.session_type = 'precognition'), -(OLD.session_type = 'intuitive_analysis'), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -1), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -OLD.credits_used), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END)), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.status = 'pending')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.status = 'processing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.status = 'completed')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.status = 'failed')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.status = 'cancelled')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.session_type = 'remote_viewing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.session_type = 'dowsing')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.session_type = 'precognition')), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -(OLD.session_type = 'intuitive_analysis')))
    ON CONFLICT (user_id, month) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis,
      day_n = json_set(day_n, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_n, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.n),
      day_credits = json_set(day_credits, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_credits, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.credits),
      day_completed_confidence_sum = json_set(day_completed_confidence_sum, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_completed_confidence_sum, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.completed_confidence_sum),
      day_pending = json_set(day_pending, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_pending, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.pending),
      day_processing = json_set(day_processing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_processing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.processing),
      day_completed = json_set(day_completed, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_completed, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.completed),
      day_failed = json_set(day_failed, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_failed, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.failed),
      day_cancelled = json_set(day_cancelled, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_cancelled, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.cancelled),
      day_remote_viewing = json_set(day_remote_viewing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_remote_viewing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.remote_viewing),
      day_dowsing = json_set(day_dowsing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_dowsing, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.dowsing),
      day_precognition = json_set(day_precognition, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_precognition, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.precognition),
      day_intuitive_analysis = json_set(day_intuitive_analysis, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_intuitive_analysis, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.intuitive_analysis);
END;
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook_idx` ON `webhook_deliveries` (`webhook_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_undelivered_idx` ON `webhook_deliveries` (`status`) WHERE "webhook_deliveries"."status" IN ('pending', 'retrying');
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook_status_idx` ON `webhook_deliveries` (`webhook_id`, `status`, `created_at`);
--> statement-breakpoint
CREATE INDEX `webhook_delivery_attempts_delivery_idx` ON `webhook_delivery_attempts` (`delivery_id`,`attempt`);
--> statement-breakpoint
CREATE INDEX `webhooks_user_idx` ON `webhooks` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `webhooks_org_idx` ON `webhooks` (`organization_id`);
