DROP INDEX `sessions_org_created_idx`;--> statement-breakpoint
DROP INDEX `sessions_org_active_idx`;--> statement-breakpoint
CREATE INDEX `sessions_org_created_idx` ON `sessions` (`organization_id`,`created_at`,`id`) WHERE "sessions"."organization_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `sessions_org_active_idx` ON `sessions` (`organization_id`) WHERE "sessions"."organization_id" IS NOT NULL AND "sessions"."status" IN ('pending', 'processing');