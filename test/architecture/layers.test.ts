import { describe, expect, it } from "vitest";

/**
 * The layering of docs/architecture.md, checked both ways: routes → domain → db/adapters, with
 * src/context/ (the composition root) the only place that knows the bindings and the adapters
 * together; http/ (the framework's pieces) below middleware/ and routes/; the console above the
 * typed client only. Files are read as text at build time (Vite's import.meta.glob), so the check
 * sees exactly what is on disk.
 */
const sources = {
  ...import.meta.glob<string>("../../src/**/*.ts", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("../../drizzle/**/*.ts", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("../../console/src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
};

interface Arrow {
  from: string;
  to: string;
  spec: string;
  typeOnly: boolean;
}

/**
 * The folder under src/ (or `drizzle`, `console`, `clients`), or the file's own name for the files
 * at src/'s top; src/http/app-env.ts is `app-env`.
 */
function layerOf(path: string): string {
  const m = /(?:^|\/)(src|drizzle|console|clients)\/([^/]+)(\/|$)/.exec(path);
  if (!m) return "outside";
  if (m[1] !== "src") return m[1]!;
  // The per-request Hono variables: a layer of their own, types only, that context/ may name.
  if (/\/src\/http\/app-env(\.ts)?$/.test(path)) return "app-env";
  return m[3] === "/" ? m[2]! : m[2]!.replace(/\.ts$/, "");
}

const IMPORT = /^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+["'](\.[^"']+)["']/gms;

function arrowsOf(path: string, text: string): Arrow[] {
  const arrows: Arrow[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const names = /\{([^}]*)\}/.exec(m[2] ?? "")?.[1];
    const everyNameIsType =
      names
        ?.split(",")
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith("type ")) ?? false;
    arrows.push({
      from: layerOf(path),
      to: layerOf(resolve(path, m[3]!)),
      spec: m[3]!,
      typeOnly: Boolean(m[1]) || everyNameIsType,
    });
  }
  return arrows;
}

function resolve(from: string, spec: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const seg of spec.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  return parts.join("/");
}

const HTTP = ["http", "routes", "middleware", "app", "index", "mcp"];
const ENTRIES = ["durable-objects", "webhook-delivery", "maintenance", "context", "bindings"];
/** Everything under src/: what the console may not import (it reaches the server over HTTP). */
const SERVER = [
  ...HTTP,
  ...ENTRIES,
  "app-env",
  "domain",
  "db",
  "adapters",
  "analysis",
  "lib",
  "errors",
  "version",
  "drizzle",
];

/**
 * What each layer may not import. `typesOnly` = what it may import as types only. The shapes db/'s
 * and drizzle/'s JSON columns hold are named one by one in KEPT, types only.
 */
const RULES: Array<{ layer: string; never: string[]; typesOnly?: string[]; why: string }> = [
  {
    layer: "domain",
    never: [...HTTP, ...ENTRIES, "app-env"],
    typesOnly: ["adapters"],
    why: "the domain sees ports and repositories, never HTTP, the bindings or an adapter's code",
  },
  {
    layer: "db",
    never: [...HTTP, ...ENTRIES, "app-env", "adapters", "domain", "analysis"],
    why: "repositories return rows and statements; the rules above them are not theirs to call",
  },
  {
    layer: "drizzle",
    never: [...HTTP, ...ENTRIES, "app-env", "adapters", "db", "lib", "domain", "analysis"],
    why: "the table definitions are the bottom: the migrations come from them",
  },
  {
    layer: "adapters",
    never: [...HTTP, ...ENTRIES, "app-env"],
    typesOnly: ["domain"],
    why: "an adapter implements a port the domain names, over the binding it is given (typed by its own structural type, not src/bindings.ts, which names the Durable Object classes above it)",
  },
  {
    layer: "analysis",
    never: [...HTTP, ...ENTRIES, "app-env", "db", "adapters", "errors"],
    typesOnly: ["domain"],
    why: "the analyzer is an engine the SessionRoom drives: it reads the session vocabulary's types and is handed its settings",
  },
  {
    layer: "errors",
    never: [...HTTP, ...ENTRIES, "app-env", "domain", "db", "adapters", "analysis"],
    why: "the catalogue knows codes, messages and details, nothing of HTTP: the statuses are http/error-status.ts's",
  },
  {
    layer: "lib",
    never: [...HTTP, ...ENTRIES, "app-env", "domain", "db", "adapters", "analysis"],
    why: "helpers below everything",
  },
  {
    layer: "routes",
    never: ["db", "adapters", "app", "index"],
    typesOnly: ["bindings", "app-env"],
    why: "a route calls the domain (which reaches the adapters through ctx.ports) and renders what it returns; routes/mcp/ mounts the MCP server",
  },
  {
    layer: "http",
    never: ["routes", "middleware", "mcp", "app", "index", "context", "db", "adapters", ...ENTRIES.slice(0, 3)],
    typesOnly: ["bindings", "app-env"],
    why: "http/ holds the framework's pieces (envelope, errors' statuses, OpenAPI, validation) that middleware and routes build on",
  },
  {
    layer: "middleware",
    never: ["routes", "mcp", "app", "index", "db", "adapters", ...ENTRIES.slice(0, 3)],
    typesOnly: ["bindings", "app-env"],
    why: "a middleware frames a request (identity, limits, headers) with the domain's help; it mounts no route",
  },
  {
    layer: "mcp",
    never: ["routes", "middleware", "app", "index", "adapters", ...ENTRIES.slice(0, 3)],
    typesOnly: ["bindings", "app-env", "db"],
    why: "the MCP server is another door to the same domain, beside the routes, not through them",
  },
  {
    layer: "bindings",
    never: [...HTTP, "context", "maintenance", "webhook-delivery", "lib", "analysis", "domain", "db"],
    typesOnly: ["adapters", "durable-objects"],
    why: "the platform bindings' types (wrangler.toml): nothing of them runs, and they name no request's values",
  },
  {
    layer: "app-env",
    never: [...HTTP, ...ENTRIES.filter((e) => e !== "bindings"), "adapters", "lib", "analysis"],
    typesOnly: ["bindings", "domain", "db"],
    why: "the per-request Hono variables' types: what middleware sets and routes read, nothing that runs",
  },
  {
    layer: "context",
    never: ["http", "routes", "middleware", "app", "mcp"],
    typesOnly: ["app-env"],
    why: "the composition root sits below HTTP",
  },
  {
    layer: "console",
    never: SERVER,
    why: "the console reaches the server only through the typed client (clients/typescript) and the served document",
  },
  // The entry points the runtime calls besides HTTP: the Durable Objects, the queue consumer, the cron.
  ...["durable-objects", "webhook-delivery", "maintenance"].map((layer) => ({
    layer,
    never: ["routes", "middleware"],
    typesOnly: ["db"],
    why: "an entry point other than HTTP calls the domain with systemContext(env, name), never a repository",
  })),
];

/**
 * Arrows against a rule that are right where they are, each with its reason. Like KNOWN, an entry
 * whose arrow is gone fails the test, so the list says only what is true.
 */
const KEPT: Array<{ from: string; spec: string; why: string; typesOnly?: true }> = [
  // The shapes db/'s and drizzle/'s JSON columns hold, as types: erased at build, they keep one
  // home for each shape, the domain's (or the analyzer's), rather than a copy below it.
  ...[
    ["drizzle/schema/sessions.ts", "../../src/analysis/analyzer", "the analysis and results columns' shapes"],
    ["drizzle/schema/sessions.ts", "../../src/domain/sessions/types", "the analysis_types column's element"],
    ["drizzle/schema/outbox.ts", "../../src/domain/webhooks/events", "the outbox payload column's shape"],
    ["src/db/session-lifecycle.ts", "../analysis/analyzer", "the results column it writes"],
    [
      "src/db/session-lifecycle.ts",
      "../domain/sessions/types",
      "the status, stage and history it writes (the source states come from the caller)",
    ],
    ...["outbox", "billing-cycle", "reversals", "transactions"].map((f) => [
      `src/db/${f}.ts`,
      "../domain/webhooks/events",
      "the outbox event it builds into the same batch",
    ]),
  ].map(([from, spec, why]) => ({ from: from!, spec: spec!, why: `types only: ${why}`, typesOnly: true as const })),
  ...["sessions", "billing", "webhooks"].map((area) => ({
    from: "src/mcp/tools.ts",
    spec: `../routes/${area}/schemas`,
    why: "a tool answers with its REST operation's wire shape: one home per shape, the served document's",
  })),
  {
    from: "src/middleware/d1-session.ts",
    spec: "../db/replicas",
    why: "the request's D1 session (read replication, docs/consistency.md) is the request frame's, opened before any use case",
  },
  {
    from: "src/middleware/api-usage.ts",
    spec: "../db/api-usage",
    why: "the per-key usage counter is bookkeeping of the request itself, after the response, outside any use case",
  },
  {
    from: "src/middleware/request-log.ts",
    spec: "../adapters/metrics",
    why: "the request's log line and metric are written after the response, from the bindings, outside any use case",
  },
];

/**
 * Arrows the house has not removed yet, each with its reason; the test fails when one is gone, so
 * the list only shrinks.
 */
const KNOWN: Array<{ from: string; spec: string; why: string }> = [];

function violations(files: Record<string, string> = sources): Array<{ text: string; typeOnly: boolean }> {
  const found: Array<{ text: string; typeOnly: boolean }> = [];
  for (const [path, text] of Object.entries(files)) {
    for (const arrow of arrowsOf(path, text)) {
      const rule = RULES.find((r) => r.layer === arrow.from);
      if (!rule || arrow.to === arrow.from) continue;
      const forbidden =
        rule.never.includes(arrow.to) || (rule.typesOnly?.includes(arrow.to) === true && !arrow.typeOnly);
      if (forbidden)
        found.push({
          text: `${path.replace(/^.*?\/(src|drizzle|console)\//, "$1/")} → ${arrow.spec} (${rule.why})`,
          typeOnly: arrow.typeOnly,
        });
    }
  }
  return found;
}

describe("layering", () => {
  it("finds the source tree", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it("no arrow points up or across: every layer keeps its rule, but for the arrows kept or known", () => {
    const known = [...KEPT, ...KNOWN].map((k) => ({
      arrow: `${k.from} → ${k.spec} (`,
      typesOnly: "typesOnly" in k && k.typesOnly === true,
    }));
    const excused = (v: { text: string; typeOnly: boolean }) =>
      known.some((k) => v.text.startsWith(k.arrow) && (!k.typesOnly || v.typeOnly));
    const found = violations();
    expect(found.filter((v) => !excused(v)).map((v) => v.text)).toEqual([]);
    // A known arrow that is gone comes off the list.
    expect(known.filter((k) => !found.some((v) => v.text.startsWith(k.arrow))).map((k) => k.arrow)).toEqual([]);
  });

  it("the check catches wrong-way imports, values and types alike", () => {
    const arrows = arrowsOf(
      "/repo/src/db/x.ts",
      [
        'import { auditStatement } from "../domain/organizations/audit";',
        'import type { Principal } from "../domain/identity/principal";',
        'import { type Tier, TIERS } from "../domain/identity/principal";',
      ].join("\n"),
    );
    expect(arrows.map((a) => [a.to, a.typeOnly])).toEqual([
      ["domain", false],
      ["domain", true],
      ["domain", false],
    ]);
    expect(
      arrowsOf("/repo/src/routes/x/y.ts", 'import type { SessionRow } from "../../db/sessions";')[0],
    ).toMatchObject({
      from: "routes",
      to: "db",
      typeOnly: true,
    });
    expect(
      arrowsOf("/repo/src/durable-objects/x/y.ts", 'import { findSession } from "../../db/sessions";')[0],
    ).toMatchObject({ from: "durable-objects", to: "db", typeOnly: false });
    expect(layerOf("/repo/drizzle/schema/oauth.ts")).toBe("drizzle");
    expect(layerOf("/repo/src/bindings.ts")).toBe("bindings");
    expect(
      arrowsOf("/repo/console/src/pages/x.tsx", 'import { SCOPES } from "../../../src/domain/identity/scopes";')[0],
    ).toMatchObject({ from: "console", to: "domain", typeOnly: false });
    expect(
      arrowsOf("/repo/console/src/x.ts", 'import { api } from "../../clients/typescript/src/index";')[0],
    ).toMatchObject({ from: "console", to: "clients" });
    expect(arrowsOf("/repo/src/http/x.ts", 'import { idempotent } from "../middleware/idempotency";')[0]).toMatchObject(
      {
        from: "http",
        to: "middleware",
      },
    );
  });
});

/**
 * Tests do not import bench/: a benchmark's helpers change with what it measures, and a test that
 * leans on them breaks for reasons of the bench's. Shared helpers live in test/support/.
 */
const tests = import.meta.glob<string>("../**/*.ts", { query: "?raw", import: "default", eager: true });

/** Tests that import bench/ today, each with its reason; the list fails when one is gone, so it only shrinks. */
const BENCH_IMPORTS: Array<{ file: string; why: string }> = [
  { file: "node/capacity.test.ts", why: "kept: it tests the capacity model of bench/capacity itself" },
];

/**
 * Each arrow issue 45 named (and the ones its fixes would reopen), written again in a file of its
 * layer: the rules refuse every one, whatever KEPT or KNOWN excuse in today's tree.
 */
const REFUSED: Array<[file: string, line: string]> = [
  ["/r/src/http/route.ts", 'import { requireScope } from "../middleware/scope";'],
  ["/r/src/http/route.ts", 'import { idempotent } from "../middleware/idempotency";'],
  ["/r/src/mcp/create-once.ts", 'import { holds } from "../middleware/idempotency";'],
  ["/r/src/mcp/create-once.ts", 'import { atomicRecordStatements } from "../db/idempotency";'],
  ["/r/src/middleware/idempotency.ts", 'import { findIdempotencyRecord } from "../db/idempotency";'],
  ["/r/src/adapters/rate-limit/kv.ts", 'import { windowStart } from "../../domain/limits/policies";'],
  ["/r/src/mcp/tools.ts", 'import { sessionSchema } from "../routes/sessions/schemas";'],
  ["/r/src/routes/sessions/create.ts", 'import { recordMetric } from "../../adapters/metrics";'],
  ["/r/src/db/session-lifecycle.ts", 'import { canMoveTo } from "../domain/sessions/state-machine";'],
  ["/r/src/db/sessions.ts", 'import type { Session } from "../domain/sessions/types";'],
  ["/r/drizzle/schema/sessions.ts", 'import type { AnalysisBody } from "../../src/analysis/analyzer";'],
  ["/r/console/src/pages/api-keys.tsx", 'import { SCOPES } from "../../../src/domain/identity/scopes";'],
  ["/r/console/src/pages/x.tsx", 'import type { AppEnv } from "../../../src/http/app-env";'],
  ["/r/src/domain/x.ts", 'import type { Bindings } from "../bindings";'],
  ["/r/src/domain/x.ts", 'import type { AppEnv } from "../http/app-env";'],
  ["/r/src/adapters/x/index.ts", 'import type { Bindings } from "../../bindings";'],
  ["/r/src/analysis/index.ts", 'import type { Bindings } from "../bindings";'],
  ["/r/src/bindings.ts", 'import type { Context } from "./domain/context";'],
  ["/r/src/http/app-env.ts", 'import { contextOf } from "../context/request";'],
  ["/r/src/http/app-env.ts", 'import { findIdempotencyRecord } from "../db/idempotency";'],
  ["/r/src/middleware/x.ts", 'import { AppEnvValue } from "../http/app-env";'],
  ["/r/src/context/request.ts", 'import { respond } from "../http/envelope";'],
  ["/r/src/errors.ts", 'import { statusOf } from "./http/error-status";'],
];

describe("the arrows issue 45 removed stay removed", () => {
  it.each(REFUSED)("%s: %s is refused", (file, line) => {
    expect(violations({ [file]: line })).toHaveLength(1);
  });

  it("what the rules allow passes: types of the bindings and request variables above the domain", () => {
    expect(
      violations({
        "/r/src/middleware/x.ts": 'import type { AppEnv } from "../http/app-env";',
        "/r/src/context/request.ts": 'import type { AppEnv } from "../http/app-env";',
        "/r/src/http/app-env.ts": 'import type { Bindings } from "../bindings";',
        "/r/src/routes/x/y.ts": 'import type { Bindings } from "../../bindings";',
        "/r/console/src/x.ts": 'import { api } from "../../clients/typescript/src/index";',
      }),
    ).toEqual([]);
  });
});

describe("tests and bench/", () => {
  it("no test imports bench/ but the ones listed with their reason", () => {
    const importing = Object.entries(tests)
      .filter(([path]) => !path.includes("/architecture/"))
      .filter(([, text]) => [...text.matchAll(IMPORT)].some((m) => /(^|\/)bench\//.test(m[3]!)))
      .map(([path]) => path.replace(/^\.\.\//, ""))
      .sort();
    expect(importing).toEqual(BENCH_IMPORTS.map((b) => b.file).sort());
  });
});
