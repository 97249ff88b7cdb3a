import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { KV_KEYS } from "../../src/db/kv-keys";

/**
 * docs/storage.md documents every D1 table and every KV key, derived from the code: the tables are
 * the SQLiteTables drizzle/schema exports, the KV keys the prefixes of src/db/kv-keys.ts, through which
 * every KV access in src/ builds its key. A new table or key fails here until the document has its row.
 */
const schemaModules = import.meta.glob<Record<string, unknown>>("../../drizzle/schema/*.ts", { eager: true });
const sources = import.meta.glob<string>("../../src/**/*.ts", { query: "?raw", import: "default", eager: true });
const storageDoc = Object.values(
  import.meta.glob<string>("../../docs/storage.md", { query: "?raw", import: "default", eager: true }),
)[0]!;

const tables = [
  ...new Set(
    Object.values(schemaModules).flatMap((module) =>
      Object.values(module)
        .filter((value) => is(value, SQLiteTable))
        .map((table) => getTableName(table as SQLiteTable)),
    ),
  ),
].sort();

/** A section of the document: the lines under `## <title>` up to the next `## `. */
function section(title: string): string {
  const start = storageDoc.indexOf(`## ${title}`);
  const end = storageDoc.indexOf("\n## ", start + 1);
  return storageDoc.slice(start, end < 0 ? undefined : end);
}

const documentedTables = new Set([...section("D1 tables").matchAll(/^\|\s*`?([a-z0-9_]+)`?\s*\|/gm)].map((m) => m[1]!));
/** The KV table's first column: each row's key pattern, without its backticks. */
const documentedKeys = [...section("KV keys").matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((m) => m[1]!);

const prefixes = Object.entries(KV_KEYS);

/** KV reads and writes in src/: `kv.get(`, `env.KV.put(`, `this.kv.list<…>(` … and what follows the parenthesis. */
const KV_CALL =
  /\b(?:kv|KV)\s*\.\s*(?:get|getWithMetadata|put|delete|list)\s*(?:<[^>()]*>)?\(\s*(\{\s*prefix:\s*)?(..)/g;
const relative = (path: string) => path.replace(/^.*?\/src\//, "src/");
const kvCallers = Object.entries(sources).filter(([, text]) => text.match(KV_CALL));

describe("docs/storage.md", () => {
  it("finds the tables of drizzle/schema and the KV key registry", () => {
    expect(tables.length).toBeGreaterThanOrEqual(40);
    expect(prefixes.length).toBeGreaterThanOrEqual(6);
    expect(kvCallers.map(([path]) => relative(path)).sort()).toEqual(
      expect.arrayContaining(["src/adapters/rate-limit/kv.ts", "src/db/health.ts", "src/maintenance.ts"]),
    );
  });

  it.each(tables)("documents the %s table", (table) => {
    expect(documentedTables.has(table), `add a row for ${table} to docs/storage.md`).toBe(true);
  });

  it("lists no table the schema does not define", () => {
    expect([...documentedTables].filter((t) => !tables.includes(t) && t !== "Table")).toEqual([]);
  });

  it.each(prefixes)("documents the KV key %s (%s)", (_name, prefix) => {
    const rows = documentedKeys.filter((key) => key.startsWith(prefix));
    expect(rows, `add a row for \`${prefix}…\` to docs/storage.md's KV keys`).toHaveLength(1);
  });

  it("lists no KV key the registry does not hold", () => {
    const stale = documentedKeys.filter(
      (key) => !prefixes.some(([, prefix]) => key.startsWith(prefix)) && !/^Key\b/.test(key),
    );
    expect(stale).toEqual([]);
  });

  it("every KV access in src/ builds its key from the registry, never from a literal", () => {
    const literal: string[] = [];
    const unregistered: string[] = [];
    for (const [path, text] of kvCallers) {
      for (const m of text.matchAll(KV_CALL))
        if (/^["']|^`[^$]/.test(m[2]!)) literal.push(`${relative(path)}: ${m[0]}`);
      if (!text.includes("KV_KEYS")) unregistered.push(relative(path));
    }
    expect(literal, "build the key from KV_KEYS (src/db/kv-keys.ts)").toEqual([]);
    expect(unregistered, "these files reach KV without src/db/kv-keys.ts").toEqual([]);
  });

  it("no key prefix of the registry is spelled out in the code anywhere else in src/", () => {
    const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    const copies = Object.entries(sources)
      .filter(([path]) => !path.endsWith("/src/db/kv-keys.ts"))
      .flatMap(([path, text]) =>
        prefixes
          .filter(([, prefix]) => new RegExp(`["'\`]${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).test(code(text)))
          .map(([name]) => `${relative(path)}: ${name}`),
      );
    expect(copies).toEqual([]);
  });

  it("documents every secret the worker reads", () => {
    for (const name of ["JWT_PRIVATE_KEY", "JWT_PREVIOUS_PUBLIC_KEYS", "DATA_ENCRYPTION_KEY"])
      expect(storageDoc).toContain(name);
  });
});
