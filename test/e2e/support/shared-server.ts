import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { makeTestCa } from "../../node/tls-ca";
import { D1_TEMPLATE_ENV, migrateLocalD1, pruneWranglerLogs, RETRY_FRONT_ENV, startWrangler } from "./wrangler";

/**
 * One `wrangler dev` for the e2e files that need no server of their own (none that stop, restart
 * or kill it, or need a billing clock or two processes on one state): starting one is most of an
 * e2e file's time. They share its storage as real clients share production: each registers its
 * own users and organizations, and each API client comes from an address of its own (support/api.ts).
 * Browsers all come from 127.0.0.1, so the rate-limit windows are a fiftieth of real time (the same
 * budgets per window, windows of at least 1 s): files running side by side must not spend that
 * address's sign-in budget together. Webhooks reach the receivers on 127.0.0.1 through the
 * development default (wrangler.toml [vars]), as they do for `npm run dev`. Webhook retries come at a tenth of their delays (1 s, 3 s,
 * 12 s, …), LDAP waits at 0.3 of theirs (1.5 s instead of 5 s), and SSO email domains are marked
 * verified without DNS (the TXT flow is tested in test/routes/sso). A 5-minute session takes 6 s:
 * long enough for the console test to watch its stages arrive one by one.
 */
export const SHARED_VARS = {
  ANALYSIS_TIME_SCALE: "0.02",
  RATE_LIMIT_WINDOW_SCALE: "0.02",
  WEBHOOK_RETRY_SCALE: "0.1",
  SSO_LDAP_TIMEOUT_SCALE: "0.3",
  SSO_DOMAIN_VERIFICATION: "skip",
};

export default async function setup(project: TestProject) {
  pruneWranglerLogs();
  // The wrangler module this process loads (migrations) writes its debug log here from its first import.
  const wranglerLogs = mkdtempSync(path.join(tmpdir(), "sas-wrangler-log-"));
  process.env.WRANGLER_LOG_PATH = wranglerLogs;
  // Test processes inherit this process's environment: every server they start copies the
  // migrated D1, and test/node/ldap-server.ts serves TLS with the CA the servers trust.
  const template = mkdtempSync(path.join(tmpdir(), "sas-e2e-d1-"));
  const caDir = mkdtempSync(path.join(tmpdir(), "sas-e2e-ca-"));
  const cleanUp = () => {
    rmSync(wranglerLogs, { recursive: true, force: true });
    rmSync(template, { recursive: true, force: true });
    rmSync(caDir, { recursive: true, force: true });
  };
  try {
    // workerd trusts a CA only from NODE_EXTRA_CA_CERTS at start (the bundle keeps the system CAs).
    const ca = makeTestCa(caDir);
    process.env.SSO_TEST_CA_DIR = caDir;
    process.env.NODE_EXTRA_CA_CERTS = ca.bundle;
    process.env[RETRY_FRONT_ENV] = "1";
    await migrateLocalD1(template);
    process.env[D1_TEMPLATE_ENV] = template;
    const server = await startWrangler({ vars: SHARED_VARS });
    project.provide("sharedServerUrl", server.url);
    return async () => {
      await server.stop();
      cleanUp();
    };
  } catch (err) {
    cleanUp();
    throw err;
  }
}

/** The shared server: its origin (http://127.0.0.1:<port>) and port. */
export function sharedServer(): { url: string; port: number } {
  const url = inject("sharedServerUrl");
  return { url, port: Number(new URL(url).port) };
}

declare module "vitest" {
  export interface ProvidedContext {
    sharedServerUrl: string;
  }
}
