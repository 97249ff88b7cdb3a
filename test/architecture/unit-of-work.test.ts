import { describe, expect, it } from "vitest";

/**
 * One unit of work (docs/architecture.md "One unit of work", issue 45): which statements commit
 * together, and on which database, is decided in one place. A D1 batch runs in exactly two homes:
 * Context.commit (src/context/commit.ts), through which every write commits, and readTogether
 * (src/db/store.ts), for reads that must see one snapshot. Files are read as text (Vite's
 * import.meta.glob), so a new `.batch(` anywhere else fails here.
 */
const sources = import.meta.glob<string>("../../src/**/*.ts", { query: "?raw", import: "default", eager: true });
const files = Object.entries(sources).map(([path, text]) => ({ path: path.replace("../../", ""), text }));

/** Code without its comments (a comment may name `d1.batch` to explain why a statement is shaped so). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

/**
 * Writes that commit on their own (`.run()`), each outside Context.commit: the count per file may only
 * fall. They are single statements (atomic alone), but each decides its own commit; moving them into
 * the domain's commits is what remains of issue 45's unit of work.
 */
const SINGLE_STATEMENT_WRITES: Record<string, number> = {
  // The per-key usage counter's flush: coalesced in the isolate across requests (at most one write a
  // second per user and day), so it belongs to no request's unit of work (middleware/api-usage.ts).
  "src/db/api-usage.ts": 1,
  // Not yet moved: SCIM's connection writes (src/domain/identity/scim/).
  "src/db/scim-connections.ts": 1,
};

describe("one unit of work", () => {
  it("a D1 batch runs only in Context.commit and readTogether", () => {
    // `.batch<T>(` too: a typed batch is a batch. src/db/replicas.ts is the D1 binding itself (the
    // request's D1 session behind the Store's interface), forwarding a batch, never starting one.
    const batching = files.filter((f) => /\.batch\s*[<(]/.test(code(f.text))).map((f) => f.path);
    expect(batching.sort()).toEqual(["src/context/commit.ts", "src/db/replicas.ts", "src/db/store.ts"]);
  });

  it("readTogether is given reads only: a write belongs in the commit", () => {
    const calls = files.flatMap((f) =>
      [...code(f.text).matchAll(/readTogether(?:<[^(]*?>)?\([\s\S]*?\]\)/g)].map((m) => ({ path: f.path, call: m[0] })),
    );
    // The definition and the eight snapshots (pages with their counts, tallies of one moment).
    expect(calls.filter((c) => c.path !== "src/db/store.ts").length).toBeGreaterThanOrEqual(8);
    const writing = calls.filter((c) => /\b(INSERT|UPDATE|DELETE|REPLACE|UPSERT)\b/i.test(c.call));
    expect(writing.map((c) => c.path)).toEqual([]);
  });

  it("a write that returns rows (RETURNING) commits too: no .first() or .all() runs an INSERT, UPDATE or DELETE", () => {
    const running = files.flatMap((f) =>
      [...code(f.text).matchAll(/\.prepare\(([^;]*)/g)]
        .filter((m) => /\b(INSERT|UPDATE|DELETE)\b/.test(m[1]!) && /\.(first|all|raw)\s*(<[^>]*>)?\(/.test(m[1]!))
        .map(() => f.path),
    );
    expect(running).toEqual([]);
    // drizzle's .returning() likewise, but for the one not yet moved (drizzle maps the row it returns).
    const returning = files.filter((f) => /\.returning\(\)/.test(code(f.text))).map((f) => f.path);
    expect(returning).toEqual(["src/db/sessions.ts"]);
  });

  it("the writes that still commit on their own only become fewer", () => {
    const counts = Object.fromEntries(
      files
        .filter((f) => !f.path.startsWith("src/context/"))
        .map((f) => [f.path, (code(f.text).match(/\.run\(\)/g) ?? []).length] as const)
        .filter(([, n]) => n > 0),
    );
    const grown = Object.entries(counts).filter(([path, n]) => n > (SINGLE_STATEMENT_WRITES[path] ?? 0));
    expect(grown, "a new write outside Context.commit: build a statement and commit it in the domain").toEqual([]);
    // A file that shed its writes takes its line out of the list (so the list stays the truth).
    const shrunk = Object.entries(SINGLE_STATEMENT_WRITES).filter(([path, n]) => (counts[path] ?? 0) < n);
    expect(shrunk, "fewer writes outside Context.commit: lower the list").toEqual([]);
  });
});
