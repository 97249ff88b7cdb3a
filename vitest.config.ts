// First: makes the SSO test CA and sets NODE_EXTRA_CA_CERTS before miniflare loads.
import "./test/node/sso-test-ca";
import { accessSync, constants, readFileSync, statfsSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
// @ts-expect-error — plain .mjs helper shared with scripts/dev.mjs
import { generateDevDataKey, generateDevSigningKey } from "./scripts/dev-key.mjs";

// Miniflare keeps each runtime's D1, KV and Durable Object SQLite files in a fresh directory under
// os.tmpdir() (read when a runtime starts), removed when the run ends. On a disk every commit and
// every new Durable Object waits on the filesystem: on the 2-core machine a registration (a D1
// batch and a billing-clock object) took 100–190 ms with /tmp on ext4 and 20–27 ms on tmpfs.
// Nothing in the pool needs its storage to outlive the run, so it goes to /dev/shm when that is
// writable with room to spare; an explicit TMPDIR wins.
function storageOnTmpfs(minFreeBytes = 2 * 1024 ** 3) {
  if (process.env.TMPDIR) return;
  try {
    accessSync("/dev/shm", constants.W_OK);
    const fs = statfsSync("/dev/shm");
    if (fs.bavail * fs.bsize >= minFreeBytes) process.env.TMPDIR = "/dev/shm";
  } catch {
    // No /dev/shm (not Linux) or not writable: os.tmpdir() as it is.
  }
}

/**
 * wrangler.toml's queue consumers with a 50 ms batch window instead of its 1 s: every test that
 * waits on a queue hop (outbox → queue → consumer → receiver) otherwise waits out the window on
 * the real clock. Size, retries and dead-letter queue stay as configured.
 */
function quickQueueConsumers() {
  const { queueConsumers } = unstable_getMiniflareWorkerOptions("./wrangler.toml").workerOptions;
  if (!queueConsumers || Array.isArray(queueConsumers)) return {};
  return Object.fromEntries(
    Object.entries(queueConsumers).map(([queue, consumer]) => [
      queue,
      { ...(consumer as object), maxBatchTimeout: 0.05 },
    ]),
  );
}

/** wrangler.toml's D1 bindings, so the pool's own additions extend them rather than replace them. */
function wranglerD1Databases() {
  const { d1Databases } = unstable_getMiniflareWorkerOptions("./wrangler.toml").workerOptions;
  return d1Databases && !Array.isArray(d1Databases) ? d1Databases : {};
}

export default defineConfig(async () => {
  storageOnTmpfs();
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  const signingKey: string = await generateDevSigningKey();
  return {
    plugins: [
      cloudflareTest({
        main: "./src/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          queueConsumers: quickQueueConsumers(),
          // test/domain/exports/stream.test.ts seeds 100,000 sessions here, not in DB, which later files share;
          // test/db/session-storage.test.ts measures bytes per session in a database of its own, and
          // test/db/account-tables-migration.test.ts applies a migration to one at the schema before it.
          d1Databases: {
            ...wranglerD1Databases(),
            EXPORT_TEST_DB: "export-test-db",
            SIZE_TEST_DB: "size-test-db",
            MIGRATION_TEST_DB: "migration-test-db",
          },
          // connect() and fetch() go out through this network service: it trusts the SSO test CA as
          // well as the public ones, so workerd verifies slapd's ldaps:// and StartTLS certificates.
          outboundService: {
            network: {
              allow: ["public", "private", "240.0.0.0/4"],
              tlsOptions: {
                trustBrowserCas: true,
                trustedCertificates: [readFileSync(path.join(process.env.SSO_TEST_CA_DIR ?? "", "ca.pem"), "utf8")],
              },
            },
          },
          bindings: {
            TEST_MIGRATIONS: migrations,
            JWT_PRIVATE_KEY: signingKey,
            DATA_ENCRYPTION_KEY: generateDevDataKey() as string,
            // Lets the queue consumer reach the test receiver on 127.0.0.1 (test/node/receiver.ts);
            // SSRF tests pass "false" explicitly.
            WEBHOOK_ALLOW_PRIVATE_URLS: "true",
            ADMIN_EMAILS: "admin@example.com,root@example.com",
            ANALYSIS_TIME_SCALE: "0.001",
            // SSO domain verification without DNS (never honoured in production).
            SSO_DOMAIN_VERIFICATION: "skip",
            // The Stripe webhook's signing secret (test/support/stripe-events.ts signs with it), so the
            // endpoint verifies signatures (400) rather than answering 503 as unconfigured.
            STRIPE_WEBHOOK_SECRET: "whsec_test_billing_webhook_secret_0001",
            // A silent LDAP directory is met after 1.5 s, not 5 s (never honoured in production).
            SSO_LDAP_TIMEOUT_SCALE: "0.3",
            // New password hashes at 1,000 PBKDF2 iterations, not 100,000 (never honoured in production):
            // nearly every test registers users. The production cost is tested in
            // test/routes/auth/register.test.ts and test/domain/identity/passwords.test.ts.
            PASSWORD_HASH_ITERATIONS: "1000",
            // No JSON line per request (tens of thousands in a run); test/middleware/request-log.test.ts
            // turns it on where it checks it. Ignored in production.
            REQUEST_LOG: "off",
          },
        },
      }),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      exclude: ["test/e2e/**", "test/node/**"],
      setupFiles: ["./test/setup.ts"],
      globalSetup: [
        "./test/node/receiver-global-setup.ts",
        "./test/node/sso-global-setup.ts",
        "./test/node/stripe-stub-global-setup.ts",
      ],
      // A bound for a hung test, not a speed target (timings live in `npm run bench`): a test of a second
      // or two on a quiet machine took over 20 s on a 2-core machine shared at a load of 18 (issue 43).
      testTimeout: 60_000,
      // A file's beforeAll registers users and reads the document as its tests do: the same bound.
      hookTimeout: 60_000,
      // The dependencies prebundled once (cached under node_modules/.vite): each runtime then loads about
      // 20 files instead of ~370 (zod, drizzle-orm, jose, hono, xmldsigjs ...), each a round trip to
      // Vite and an evaluation in workerd. Every package and subpath src/ and test/ import is listed:
      // one left out would load beside its bundled copy, two instances of its classes.
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              "hono",
              "hono/body-limit",
              "hono/cookie",
              "hono/html",
              "hono/http-exception",
              "hono/route",
              "hono/utils/html",
              "hono/utils/http-status",
              "@hono/zod-openapi",
              "zod",
              "drizzle-orm",
              "drizzle-orm/sqlite-core",
              "drizzle-orm/d1",
              "jose",
              "xmldsigjs",
              "xml-core",
              "@xmldom/xmldom",
              "fast-check",
              "standardwebhooks",
            ],
          },
        },
      },
      // One runtime per worker, reused across files: starting workerd and migrating D1 for each of
      // ~80 files was most of the suite's time. Files need no fresh state: each registers its own
      // users (test/support/factories.ts) and scopes what it counts to them. Two workers overlap
      // the waits on real time (alarms, queue retries, off-request writes).
      isolate: false,
      maxWorkers: 2,
    },
  };
});
