-- Custom migration (drizzle cannot declare WITHOUT ROWID): sessions becomes a WITHOUT ROWID
-- table, so its text primary key is the table's own b-tree rather than an index beside a rowid
-- table: a session row is one entry, not two (D1 counts index entries as rows written). Same
-- columns, constraints, indexes and triggers. session_history references sessions with ON DELETE
-- CASCADE, and dropping a table runs an implicit DELETE that would cascade; so the history is
-- set aside and its table dropped first, then rebuilt as it was once sessions is back. Dropping
-- a table fires no triggers, so the rollups and counters are untouched. sessions_org_active_idx
-- gains `status` (as migration sessions_org_active_status declares it): with organization_id
-- alone the planner preferred sessions_org_created_idx on the WITHOUT ROWID table.
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
	`updated_at` text NOT NULL, `account_id` text, `organization_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_sessions` (`id`, `user_id`, `cue`, `session_type`, `status`, `stage`, `requested_duration`, `confidence_threshold`, `analysis_types`, `priority`, `case_id`, `client_reference`, `tags`, `credits_required`, `credits_used`, `credits_refunded`, `confidence_score`, `analysis_id`, `results`, `analysis`, `end_reason`, `created_at`, `estimated_completion`, `started_at`, `completed_at`, `cancelled_at`, `duration`, `updated_at`, `account_id`, `organization_id`)
  SELECT `id`, `user_id`, `cue`, `session_type`, `status`, `stage`, `requested_duration`, `confidence_threshold`, `analysis_types`, `priority`, `case_id`, `client_reference`, `tags`, `credits_required`, `credits_used`, `credits_refunded`, `confidence_score`, `analysis_id`, `results`, `analysis`, `end_reason`, `created_at`, `estimated_completion`, `started_at`, `completed_at`, `cancelled_at`, `duration`, `updated_at`, `account_id`, `organization_id` FROM `sessions`;
--> statement-breakpoint
CREATE TABLE `__session_history_copy` AS SELECT `session_id`, `stage`, `position`, `timestamp`, `confidence`, `notes` FROM `session_history`;
--> statement-breakpoint
DROP TABLE `session_history`;
--> statement-breakpoint
DROP TABLE `sessions`;
--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;
--> statement-breakpoint
CREATE TABLE `session_history` (
	`session_id` text NOT NULL,
	`stage` text NOT NULL,
	`position` integer NOT NULL,
	`timestamp` text NOT NULL,
	`confidence` real NOT NULL,
	`notes` text NOT NULL,
	PRIMARY KEY(`session_id`, `stage`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_history_order_idx` ON `session_history` (`session_id`,`position`);
--> statement-breakpoint
INSERT INTO `session_history` (`session_id`, `stage`, `position`, `timestamp`, `confidence`, `notes`) SELECT `session_id`, `stage`, `position`, `timestamp`, `confidence`, `notes` FROM `__session_history_copy`;
--> statement-breakpoint
DROP TABLE `__session_history_copy`;
--> statement-breakpoint
CREATE INDEX `sessions_org_active_idx` ON `sessions` (`organization_id`,`status`) WHERE "sessions"."organization_id" IS NOT NULL AND "sessions"."status" IN ('pending', 'processing');
--> statement-breakpoint
CREATE INDEX `sessions_org_created_idx` ON `sessions` (`organization_id`,`created_at`,`id`) WHERE "sessions"."organization_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `sessions_user_completed_idx` ON `sessions` (`user_id`,`completed_at`,`id`) WHERE "sessions"."completed_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `sessions_user_confidence_idx` ON `sessions` (`user_id`,`confidence_score`,`id`) WHERE "sessions"."confidence_score" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `sessions_user_created_idx` ON `sessions` (`user_id`,`created_at`,`id`);
--> statement-breakpoint
CREATE INDEX `sessions_user_status_created_idx` ON `sessions` (`user_id`,`status`,`created_at`,`id`);
--> statement-breakpoint
CREATE INDEX `sessions_user_type_created_idx` ON `sessions` (`user_id`,`session_type`,`created_at`,`id`);
--> statement-breakpoint
CREATE TRIGGER sessions_active_delete AFTER DELETE ON sessions
  WHEN OLD.status IN ('pending', 'processing') BEGIN
  UPDATE billing_accounts SET active_sessions = active_sessions - 1 WHERE id = OLD.account_id;
END;
--> statement-breakpoint
CREATE TRIGGER sessions_active_leave AFTER UPDATE OF status ON sessions
  WHEN OLD.status IN ('pending', 'processing') AND NEW.status NOT IN ('pending', 'processing') BEGIN
  UPDATE billing_accounts SET active_sessions = active_sessions - 1 WHERE id = OLD.account_id;
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_delete AFTER DELETE ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (COALESCE(OLD.organization_id, OLD.user_id), OLD.session_type, OLD.status, -1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (COALESCE(OLD.organization_id, OLD.user_id), substr(OLD.created_at, 1, 10), -1, -OLD.credits_used, -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END), -(OLD.status = 'pending'), -(OLD.status = 'processing'), -(OLD.status = 'completed'), -(OLD.status = 'failed'), -(OLD.status = 'cancelled'), -(OLD.session_type = 'remote_viewing'), -(OLD.session_type = 'dowsing'), -(OLD.session_type = 'precognition'), -(OLD.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
  INSERT INTO session_monthly (user_id, month, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis, day_n, day_credits)
    VALUES (COALESCE(OLD.organization_id, OLD.user_id), substr(OLD.created_at, 1, 7), -1, -OLD.credits_used, -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END), -(OLD.status = 'pending'), -(OLD.status = 'processing'), -(OLD.status = 'completed'), -(OLD.status = 'failed'), -(OLD.status = 'cancelled'), -(OLD.session_type = 'remote_viewing'), -(OLD.session_type = 'dowsing'), -(OLD.session_type = 'precognition'), -(OLD.session_type = 'intuitive_analysis'), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -1), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -OLD.credits_used))
    ON CONFLICT (user_id, month) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis,
      day_n = json_set(day_n, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_n, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.n),
      day_credits = json_set(day_credits, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_credits, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.credits);
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_insert AFTER INSERT ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (COALESCE(NEW.organization_id, NEW.user_id), NEW.session_type, NEW.status, +1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (COALESCE(NEW.organization_id, NEW.user_id), substr(NEW.created_at, 1, 10), +1, +NEW.credits_used, +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END), +(NEW.status = 'pending'), +(NEW.status = 'processing'), +(NEW.status = 'completed'), +(NEW.status = 'failed'), +(NEW.status = 'cancelled'), +(NEW.session_type = 'remote_viewing'), +(NEW.session_type = 'dowsing'), +(NEW.session_type = 'precognition'), +(NEW.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
  INSERT INTO session_monthly (user_id, month, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis, day_n, day_credits)
    VALUES (COALESCE(NEW.organization_id, NEW.user_id), substr(NEW.created_at, 1, 7), +1, +NEW.credits_used, +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END), +(NEW.status = 'pending'), +(NEW.status = 'processing'), +(NEW.status = 'completed'), +(NEW.status = 'failed'), +(NEW.status = 'cancelled'), +(NEW.session_type = 'remote_viewing'), +(NEW.session_type = 'dowsing'), +(NEW.session_type = 'precognition'), +(NEW.session_type = 'intuitive_analysis'), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +1), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +NEW.credits_used))
    ON CONFLICT (user_id, month) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis,
      day_n = json_set(day_n, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_n, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.n),
      day_credits = json_set(day_credits, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_credits, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.credits);
END;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_update AFTER UPDATE OF status, session_type, credits_used, confidence_score, created_at, user_id, organization_id ON sessions BEGIN
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (COALESCE(OLD.organization_id, OLD.user_id), OLD.session_type, OLD.status, -1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (COALESCE(OLD.organization_id, OLD.user_id), substr(OLD.created_at, 1, 10), -1, -OLD.credits_used, -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END), -(OLD.status = 'pending'), -(OLD.status = 'processing'), -(OLD.status = 'completed'), -(OLD.status = 'failed'), -(OLD.status = 'cancelled'), -(OLD.session_type = 'remote_viewing'), -(OLD.session_type = 'dowsing'), -(OLD.session_type = 'precognition'), -(OLD.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
  INSERT INTO session_monthly (user_id, month, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis, day_n, day_credits)
    VALUES (COALESCE(OLD.organization_id, OLD.user_id), substr(OLD.created_at, 1, 7), -1, -OLD.credits_used, -(CASE WHEN OLD.status = 'completed' THEN COALESCE(OLD.confidence_score, 0) ELSE 0 END), -(OLD.status = 'pending'), -(OLD.status = 'processing'), -(OLD.status = 'completed'), -(OLD.status = 'failed'), -(OLD.status = 'cancelled'), -(OLD.session_type = 'remote_viewing'), -(OLD.session_type = 'dowsing'), -(OLD.session_type = 'precognition'), -(OLD.session_type = 'intuitive_analysis'), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -1), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', -OLD.credits_used))
    ON CONFLICT (user_id, month) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis,
      day_n = json_set(day_n, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_n, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.n),
      day_credits = json_set(day_credits, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_credits, '$[' || (CAST(substr(OLD.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.credits);
  INSERT INTO session_counts (user_id, session_type, status, n) VALUES (COALESCE(NEW.organization_id, NEW.user_id), NEW.session_type, NEW.status, +1)
    ON CONFLICT (user_id, session_type, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO session_daily (user_id, day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis)
    VALUES (COALESCE(NEW.organization_id, NEW.user_id), substr(NEW.created_at, 1, 10), +1, +NEW.credits_used, +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END), +(NEW.status = 'pending'), +(NEW.status = 'processing'), +(NEW.status = 'completed'), +(NEW.status = 'failed'), +(NEW.status = 'cancelled'), +(NEW.session_type = 'remote_viewing'), +(NEW.session_type = 'dowsing'), +(NEW.session_type = 'precognition'), +(NEW.session_type = 'intuitive_analysis'))
    ON CONFLICT (user_id, day) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis;
  INSERT INTO session_monthly (user_id, month, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled, remote_viewing, dowsing, precognition, intuitive_analysis, day_n, day_credits)
    VALUES (COALESCE(NEW.organization_id, NEW.user_id), substr(NEW.created_at, 1, 7), +1, +NEW.credits_used, +(CASE WHEN NEW.status = 'completed' THEN COALESCE(NEW.confidence_score, 0) ELSE 0 END), +(NEW.status = 'pending'), +(NEW.status = 'processing'), +(NEW.status = 'completed'), +(NEW.status = 'failed'), +(NEW.status = 'cancelled'), +(NEW.session_type = 'remote_viewing'), +(NEW.session_type = 'dowsing'), +(NEW.session_type = 'precognition'), +(NEW.session_type = 'intuitive_analysis'), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +1), json_set('[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]', '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', +NEW.credits_used))
    ON CONFLICT (user_id, month) DO UPDATE SET n = n + excluded.n, credits = credits + excluded.credits, completed_confidence_sum = completed_confidence_sum + excluded.completed_confidence_sum, pending = pending + excluded.pending, processing = processing + excluded.processing, completed = completed + excluded.completed, failed = failed + excluded.failed, cancelled = cancelled + excluded.cancelled, remote_viewing = remote_viewing + excluded.remote_viewing, dowsing = dowsing + excluded.dowsing, precognition = precognition + excluded.precognition, intuitive_analysis = intuitive_analysis + excluded.intuitive_analysis,
      day_n = json_set(day_n, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_n, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.n),
      day_credits = json_set(day_credits, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']', json_extract(day_credits, '$[' || (CAST(substr(NEW.created_at, 9, 2) AS INTEGER) - 1) || ']') + excluded.credits);
END;
