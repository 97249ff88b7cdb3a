import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TABLE_KINDS } from "../../src/db/table-kinds";

describe("every table has its database", () => {
  it("names each table of the migrated schema, and nothing else", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
    ).all<{ name: string }>();
    expect(Object.keys(TABLE_KINDS).sort()).toEqual(results.map((r) => r.name));
  });

  it("gives every shard the one schema", async () => {
    const schema = (db: D1Database) =>
      db
        .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE '_cf_%' ORDER BY type, name")
        .all()
        .then((r) => r.results);
    expect(env.SHARD_1).toBeDefined();
    expect(await schema(env.SHARD_1!)).toEqual(await schema(env.DB));
  });
});
