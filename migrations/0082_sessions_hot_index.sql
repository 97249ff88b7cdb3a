-- The sessions whose content is still in D1 (hot), by the time they ended, for the archive sweep
-- (src/domain/sessions/archive.ts, docs/storage.md "Session archive"). Partial: only hot sessions
-- have an entry, so an archived session costs the index nothing. An ended session's updated_at is
-- its end (src/db/session-lifecycle.ts writes both together; nothing updates an ended row after
-- but the account erasure, which clears content_id too).
CREATE INDEX `sessions_hot_idx` ON `sessions` (`updated_at`) WHERE "sessions"."content_id" IS NOT NULL;
