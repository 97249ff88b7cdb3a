import { defineConfig } from "vitest/config";

// End-to-end tests: Node drives a real `wrangler dev` (and Chromium) over HTTP.
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
