import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Idempotent: only unapplied migrations run, so running per file is safe.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
