import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, expect } from "vitest";
import { shardsOf } from "../src/context/shards";
import { installPoolPrototypeFix } from "./support/pool-prototype-fix";

installPoolPrototypeFix();

// Files share one runtime and its storage per worker (vitest.config.ts: isolate false), so the
// migrations run once per worker; applyD1Migrations is idempotent should a worker start afresh.
const state = globalThis as { d1Migrated?: boolean };
// Every shard (src/context/shards.ts) has the one schema.
if (!state.d1Migrated) {
  for (const db of shardsOf(env).databases) await applyD1Migrations(db, env.TEST_MIGRATIONS);
  state.d1Migrated = true;
}

// A test that reaches no assertion fails rather than passing by not checking anything.
beforeEach(() => {
  expect.hasAssertions();
});
