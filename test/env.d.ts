/// <reference types="vite/client" />
import type { D1Migration } from "cloudflare:test";
import type { Bindings } from "../src/bindings";

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      /** The 100,000-session export test's own database (vitest.config.ts). */
      EXPORT_TEST_DB: D1Database;
      /** Bytes per session are measured in a database holding nothing else (test/db/session-storage.test.ts). */
      SIZE_TEST_DB: D1Database;
      /** A migration applied to populated tables at the schema before it (test/db/account-tables-migration.test.ts). */
      MIGRATION_TEST_DB: D1Database;
    }
    interface GlobalProps {
      mainModule: typeof import("../src/index");
      durableNamespaces: "SessionRoom" | "BillingClock";
    }
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    receiverUrl: string;
    stripeApiBase: string;
    samlKeys: Record<"idp" | "idpNext" | "attacker", { key: string; cert: string }>;
    ldap: { plainUrl: string; ldapsUrl: string; anonDnUrl: string; silentUrl: string; caBundle: string };
  }
}
