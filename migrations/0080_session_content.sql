-- A session stores nothing twice, and its bulky content can leave the row (issue 46, docs/decisions.md
-- "Session content", docs/scale.md). Written by hand, as every migration after 0032 (drizzle-kit's
-- snapshots stop there); it only expands, so the release before still runs on it (docs/operations.md).
--
-- 1. An ended session's analysis (all but what `sessions.results` holds) and stage history move to
--    session_content, one row per session that `sessions.content_id` points at. New rows are deflated
--    JSON; SQL cannot deflate, so the rows moved here are JSON text (the reader takes both).
CREATE TABLE `session_content` (
  `id` integer PRIMARY KEY NOT NULL,
  `body` blob NOT NULL
);
--> statement-breakpoint
ALTER TABLE `sessions` ADD `content_id` integer;
--> statement-breakpoint
-- 2. Set once the session's content is in its archive object (R2), with that object's SHA-256.
ALTER TABLE `sessions` ADD `archive_sha256` blob;
--> statement-breakpoint
INSERT INTO `session_content` (`id`, `body`)
SELECT s.rowid, json_object(
    'analysis', CASE WHEN s.analysis IS NULL THEN NULL ELSE json_object(
      'key_findings', s.analysis -> '$.results.key_findings',
      'terrain', s.analysis ->> '$.results.detailed_analysis.spatial_data.terrain',
      'depth', s.analysis ->> '$.results.detailed_analysis.spatial_data.depth',
      'temporal_data', s.analysis -> '$.results.detailed_analysis.temporal_data',
      'recommendations', s.analysis -> '$.results.recommendations',
      'metadata', s.analysis -> '$.metadata') END,
    'history', (SELECT json_group_array(json_object('timestamp', h.timestamp, 'stage', h.stage, 'confidence', h.confidence, 'notes', h.notes))
                  FROM (SELECT * FROM session_history WHERE session_id = s.id ORDER BY position) h))
  FROM sessions s
 WHERE s.status IN ('completed', 'failed', 'cancelled')
   AND (s.analysis IS NOT NULL OR EXISTS (SELECT 1 FROM session_history WHERE session_id = s.id));
--> statement-breakpoint
UPDATE `sessions` SET `content_id` = rowid WHERE rowid IN (SELECT `id` FROM `session_content`);
--> statement-breakpoint
-- 3. The Session's `results` without `analysis_types` (the column of that name holds them); the
--    analysis is in session_content now. None of these columns is one the rollup triggers watch.
UPDATE `sessions` SET `results` = json_remove(`results`, '$.analysis_types') WHERE `results` IS NOT NULL;
--> statement-breakpoint
UPDATE `sessions` SET `analysis` = NULL WHERE `analysis` IS NOT NULL;
--> statement-breakpoint
DELETE FROM `session_history` WHERE `session_id` IN (SELECT `id` FROM `sessions` WHERE `content_id` IS NOT NULL);
--> statement-breakpoint
-- 4. Fewer bytes of index per session, archived ones included (docs/decisions.md "Session content"):
--    sessions_user_created_idx goes (a person's list in creation order merges the ranges of
--    sessions_user_type_status_created_idx, as a filtered list already does), and the indexes keyed
--    by a time leave out `id`, the ORDER BY's tie-breaker (SQLite orders same-millisecond ties in a
--    step of its own), 27 bytes fewer in each entry. The confidence index keeps `id`: scores rounded
--    to two decimals tie all the time.
DROP INDEX `sessions_user_created_idx`;
--> statement-breakpoint
DROP INDEX `sessions_user_type_status_created_idx`;
--> statement-breakpoint
CREATE INDEX `sessions_user_type_status_created_idx` ON `sessions` (`user_id`,`session_type`,`status`,`created_at`);
--> statement-breakpoint
DROP INDEX `sessions_user_completed_idx`;
--> statement-breakpoint
CREATE INDEX `sessions_user_completed_idx` ON `sessions` (`user_id`,`completed_at`) WHERE "sessions"."completed_at" IS NOT NULL;
--> statement-breakpoint
DROP INDEX `sessions_org_created_idx`;
--> statement-breakpoint
CREATE INDEX `sessions_org_created_idx` ON `sessions` (`organization_id`,`created_at`) WHERE "sessions"."organization_id" IS NOT NULL;
