import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Miniflare } from "miniflare";
import { unstable_readConfig, unstable_splitSqlQuery } from "wrangler";

const ROOT = path.resolve(import.meta.dirname, "../../..");

interface D1Binding {
  binding: string;
  database_id?: string;
  preview_database_id?: string;
  migrations_table?: string;
  migrations_dir?: string;
}

/**
 * What `wrangler d1 migrations apply <binding> --local --persist-to <dir>` does, for DB and every
 * SHARD_n, in one local miniflare instead of one per statement batch: wrangler starts a workerd for
 * every migration (about 9 s of CPU for our 23), this starts one. Same database ids (each binding's
 * preview_database_id or database_id), same persistence layout (<dir>/v3/d1), same bookkeeping
 * table and rows (each migration's SQL, then its name inserted, in one batch), so `wrangler dev
 * --persist-to <dir>` finds the schema it would have after wrangler's own commands, and those
 * commands find nothing left to apply.
 */
export async function migrateLocalD1InProcess(persistDir: string, environment?: string): Promise<string[]> {
  const config = unstable_readConfig({ config: path.join(ROOT, "wrangler.toml"), env: environment });
  // The directory and shard 0 (DB) and every further shard (SHARD_n): one schema on each.
  const databases = (config.d1_databases as D1Binding[]).filter((d) => /^(DB|SHARD_\d+)$/.test(d.binding));
  if (!databases.some((d) => d.binding === "DB")) throw new Error("wrangler.toml has no D1 binding DB");
  const mf = new Miniflare({
    modules: true,
    script: "",
    d1Persist: path.join(persistDir, "v3", "d1"),
    d1Databases: Object.fromEntries(databases.map((db) => [db.binding, databaseId(db)])),
  });
  try {
    const done: string[] = [];
    for (const db of databases) done.push(...(await migrate(await mf.getD1Database(db.binding), db)));
    return done;
  } finally {
    await mf.dispose();
  }
}

function databaseId(db: D1Binding): string {
  const id = db.preview_database_id ?? db.database_id;
  if (!id) throw new Error(`the ${db.binding} binding has no database id`);
  return id;
}

/** One database's pending migrations, each with its bookkeeping row in one batch, as wrangler does. */
async function migrate(d1: Awaited<ReturnType<Miniflare["getD1Database"]>>, db: D1Binding): Promise<string[]> {
  const table = db.migrations_table ?? "d1_migrations";
  const dir = path.resolve(ROOT, db.migrations_dir ?? "migrations");
  // wrangler orders migrations by their number prefix.
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  // wrangler's own statement, whitespace included (the schema reads the same).
  await d1
    .prepare(
      `CREATE TABLE IF NOT EXISTS ${table}(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);`,
    )
    .run();
  const applied = new Set(
    ((await d1.prepare(`SELECT name FROM ${table}`).all<{ name: string }>()).results ?? []).map((r) => r.name),
  );
  const done: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = `${readFileSync(path.join(dir, file), "utf8")}\nINSERT INTO ${table} (name) values ('${file}');`;
    await d1.batch(unstable_splitSqlQuery(sql).map((q) => d1.prepare(q)));
    done.push(`${db.binding}:${file}`);
  }
  return done;
}
