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

// The webhook queue consumer's modules load here, inside a test's request. src/index.ts imports the
// consumer on the isolate's first batch, and a batch that arrives before any test has imported it
// would load them from a queue event, which the pool's module runner cannot answer outside a test's
// request: workerd cancels the batch as hung and the run never ends (workers-sdk #12924; seen on
// every fresh clone, whose first run orders the files so a billing clock's event is the first).
await import("../src/webhook-delivery/consumer");

// A test that reaches no assertion fails rather than passing by not checking anything.
beforeEach(() => {
  expect.hasAssertions();
});
