import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { D1_TEMPLATE_ENV, migrateLocalD1, startWrangler } from "./wrangler";

/**
 * One `wrangler dev` for the e2e files that need no server of their own (none that stop, restart
 * or kill it, or need vars or a CA of their own): starting one is most of an e2e file's time. They
 * share its storage as real clients share production: each registers its own users. Every request
 * comes from 127.0.0.1, so the rate-limit windows are a tenth of real time (the same budgets per
 * window): files running back to back must not spend one address's sign-in budget together.
 */
export const SHARED_VARS = {
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  ANALYSIS_TIME_SCALE: "0.01",
  RATE_LIMIT_WINDOW_SCALE: "0.1",
};

export default async function setup(project: TestProject) {
  // Test processes inherit this process's environment: every server they start copies the
  // migrated D1.
  const template = mkdtempSync(path.join(tmpdir(), "sas-e2e-d1-"));
  const cleanUp = () => rmSync(template, { recursive: true, force: true });
  try {
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
