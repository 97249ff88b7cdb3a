import { describe, expect, it } from "vitest";

/**
 * The layering of docs/architecture.md, checked both ways: routes → domain → db/adapters, with
 * src/context/ (the composition root) the only place that knows the bindings and the adapters
 * together. Files are read as text at build time (Vite's import.meta.glob), so the check sees
 * exactly what is on disk.
 */
const sources = {
  ...import.meta.glob<string>("../../src/**/*.ts", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("../../drizzle/**/*.ts", { query: "?raw", import: "default", eager: true }),
};

interface Arrow {
  from: string;
  to: string;
  spec: string;
  typeOnly: boolean;
}

/** The folder under src/ (or `drizzle`), or the file's own name for the files at src/'s top. */
function layerOf(path: string): string {
  const drizzle = /\/drizzle\//.test(path) && !/\/src\//.test(path);
  if (drizzle) return "drizzle";
  const m = /\/src\/([^/]+)(\/|$)/.exec(path);
  if (!m) return "outside";
  return m[2] === "/" ? m[1]! : m[1]!.replace(/\.ts$/, "");
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
const ENTRIES = ["durable-objects", "webhook-delivery", "maintenance", "context", "env"];

/**
 * What each layer may not import. `types` = what it may import as types only. Shared types
 * allowed where stated: db/ and drizzle/ may import, as types only, the shapes their JSON columns
 * hold (the analysis body, the webhook event message, the session vocabulary's types).
 */
const RULES: Array<{ layer: string; never: string[]; typesOnly?: string[]; why: string }> = [
  {
    layer: "domain",
    never: [...HTTP, ...ENTRIES],
    typesOnly: ["adapters"],
    why: "the domain sees ports and repositories, never HTTP, the bindings or an adapter's code",
  },
  {
    layer: "db",
    never: [...HTTP, ...ENTRIES, "adapters"],
    typesOnly: ["domain", "analysis"],
    why: "repositories return rows and statements; the rules above them are not theirs to call",
  },
  {
    layer: "drizzle",
    never: [...HTTP, ...ENTRIES, "adapters", "db", "lib"],
    typesOnly: ["domain", "analysis"],
    why: "the table definitions are the bottom: the migrations come from them",
  },
  {
    layer: "adapters",
    never: [...HTTP, ...ENTRIES.filter((e) => e !== "env")],
    typesOnly: ["domain", "env"],
    why: "an adapter implements a port the domain names, over the binding it is given",
  },
  {
    layer: "lib",
    never: [...HTTP, ...ENTRIES, "domain", "db", "adapters", "analysis"],
    why: "helpers below everything",
  },
  { layer: "routes", never: ["db"], why: "a route calls the domain and renders what it returns" },
  {
    layer: "context",
    never: ["http", "routes", "middleware", "app", "mcp"],
    why: "the composition root sits below HTTP",
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
 * Arrows the house has not removed yet, each with its reason; the test fails when one is gone, so
 * the list only shrinks.
 */
const KNOWN: Array<{ from: string; spec: string; why: string }> = [
  {
    from: "src/db/session-lifecycle.ts",
    spec: "../domain/sessions/state-machine",
    why: "the conditional status UPDATE reads the legal source states from the state machine",
  },
  {
    from: "src/adapters/rate-limit/kv.ts",
    spec: "../../domain/limits/policies",
    why: "the KV counters use the policies' window arithmetic (windowStart, secondsUntilReset)",
  },
];

function violations(): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(sources)) {
    for (const arrow of arrowsOf(path, text)) {
      const rule = RULES.find((r) => r.layer === arrow.from);
      if (!rule || arrow.to === arrow.from) continue;
      const forbidden =
        rule.never.includes(arrow.to) || (rule.typesOnly?.includes(arrow.to) === true && !arrow.typeOnly);
      if (forbidden) found.push(`${path.replace(/^.*?\/(src|drizzle)\//, "$1/")} → ${arrow.spec} (${rule.why})`);
    }
  }
  return found;
}

describe("layering", () => {
  it("finds the source tree", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it("no arrow points up or across: domain, db, drizzle, adapters, lib, routes and context keep their rules", () => {
    const known = KNOWN.map((k) => `${k.from} → ${k.spec}`);
    const found = violations();
    expect(found.filter((v) => !known.some((k) => v.startsWith(k)))).toEqual([]);
    // A known arrow that is gone comes off the list.
    expect(known.filter((k) => !found.some((v) => v.startsWith(k)))).toEqual([]);
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
    expect(layerOf("/repo/src/env.ts")).toBe("env");
  });
});
