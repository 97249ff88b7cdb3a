import { defineConfig } from "vitest/config";

// Node-side tests: end-to-end tests drive a real `wrangler dev` (and Chromium) over HTTP;
// test/node/*.test.ts test the scripts (deploy setup) with Node.
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.test.ts", "test/node/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Much of an e2e file's time is waiting on real clocks (billing periods, webhook retries, a
    // restart, the revocation bound) while the others use the two cores (Chromium, workerd): three
    // at a time, each with its own servers and ports, or the shared server below.
    maxWorkers: 3,
    // The files keep no state in their modules (each starts and stops what it uses; only the global
    // setup sets the environment): the two test processes run file after file without a fresh
    // process and module graph for each, which cost about a second of CPU per file.
    isolate: false,
    // UI and delivery polls wait for what a person or receiver would eventually see; on a loaded
    // machine a re-render or a queue hop can take longer than vitest's default second. Every 200 ms,
    // not vitest's 50: each try is a DevTools round trip into Chromium (a poll that must see a
    // short-lived state sets its own interval).
    expect: { poll: { timeout: 15_000, interval: 200 } },
    globalSetup: ["./test/e2e/support/shared-server.ts"],
  },
});
