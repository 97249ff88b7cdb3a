/**
 * A bare worker for the bench (bench/run.ts), in a process of its own: none of the app's code, the
 * app's compatibility date and flags. `PUT /setup` gives it the session row GET /v1/sessions/{id}
 * reads (as the app's D1 returns it), that GET's JSON body and its response headers, and a user's
 * id and tier; it stores the row and the user in its own D1.
 *
 * - GET /ceiling/:id: one D1 read of that row by primary key, answered with the real GET's body and
 *   headers — what the app's GET by id could cost at best.
 * - GET /d1/:id: one D1 read of a user's id and tier by primary key, a small JSON answer.
 * - GET /noop: a small JSON answer and nothing else (the runtime's own ceiling here).
 */
import { Hono } from "hono";

type Setup = {
  row: Record<string, unknown>;
  body: unknown;
  headers: [string, string][];
  user: { id: string; tier: string };
};
let answer: Pick<Setup, "body" | "headers"> = { body: null, headers: [] };
const app = new Hono<{ Bindings: { DB: D1Database } }>();

app.get("/noop", (c) => c.json({ success: true, data: {} }));

app.put("/setup", async (c) => {
  const { row, body, headers, user } = await c.req.json<Setup>();
  const cols = Object.keys(row);
  const values = cols.map((k) => (row[k] !== null && typeof row[k] === "object" ? JSON.stringify(row[k]) : row[k]));
  await c.env.DB.batch([
    c.env.DB.prepare("CREATE TABLE IF NOT EXISTS users (id TEXT PRIMARY KEY, tier TEXT)"),
    c.env.DB.prepare(
      `CREATE TABLE IF NOT EXISTS sessions (${cols.map((k) => `"${k}"${k === "id" ? " PRIMARY KEY" : ""}`)})`,
    ),
    c.env.DB.prepare("INSERT OR REPLACE INTO users VALUES (?, ?)").bind(user.id, user.tier),
    c.env.DB.prepare(`INSERT OR REPLACE INTO sessions VALUES (${cols.map(() => "?")})`).bind(...values),
  ]);
  answer = { body, headers };
  return c.json({ success: true, data: {} });
});

app.get("/ceiling/:id", async (c) => {
  const row = await c.env.DB.prepare("SELECT * FROM sessions WHERE id = ?").bind(c.req.param("id")).first();
  if (!row) return c.json({ success: false }, 404);
  const res = c.json(answer.body);
  for (const [name, value] of answer.headers) res.headers.set(name, value);
  return res;
});

app.get("/d1/:id", async (c) => {
  const row = await c.env.DB.prepare("SELECT id, tier FROM users WHERE id = ?").bind(c.req.param("id")).first();
  return c.json({ success: true, data: row });
});

export default app;
