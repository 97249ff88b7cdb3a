import { describe, expect, it } from "vitest";

/**
 * docs/storage.md documents every table (and how its secrets are protected).
 * A table added to drizzle/schema without a row there fails here.
 */
const schemas = import.meta.glob<string>("../../drizzle/schema/*.ts", {
  query: "?raw",
  import: "default",
  eager: true,
});
const storageDoc = Object.values(
  import.meta.glob<string>("../../docs/storage.md", { query: "?raw", import: "default", eager: true }),
)[0]!;

const tables = Object.values(schemas).flatMap((text) =>
  [...text.matchAll(/sqliteTable\(\s*["']([a-z0-9_]+)["']/g)].map((m) => m[1]!),
);
const documented = new Set([...storageDoc.matchAll(/^\|\s*`?([a-z0-9_]+)`?\s*\|/gm)].map((m) => m[1]!));

describe("docs/storage.md", () => {
  it("finds the tables of drizzle/schema", () => {
    expect(tables.length).toBeGreaterThanOrEqual(18);
  });

  it.each(tables)("documents the %s table", (table) => {
    expect(documented.has(table), `add a row for ${table} to docs/storage.md`).toBe(true);
  });

  it("documents every secret the worker reads and the rate-limit keys", () => {
    for (const name of ["JWT_PRIVATE_KEY", "JWT_PREVIOUS_PUBLIC_KEYS", "DATA_ENCRYPTION_KEY", "`rl:"])
      expect(storageDoc).toContain(name);
  });
});
