import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, expect } from "vitest";
import { installPoolPrototypeFix } from "./support/pool-prototype-fix";

installPoolPrototypeFix();

// Files share one runtime and its storage per worker (vitest.config.ts: isolate false), so the
// migrations run once per worker; applyD1Migrations is idempotent should a worker start afresh.
const state = globalThis as { d1Migrated?: boolean };
if (!state.d1Migrated) {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  state.d1Migrated = true;
}

// A test that reaches no assertion fails rather than passing by not checking anything.
beforeEach(() => {
  expect.hasAssertions();
});
