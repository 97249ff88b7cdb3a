import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../../src/bindings";
import type { Column } from "../../../src/domain/exports/format";
import { exportSessions } from "../../../src/domain/exports/sessions";
import { EXPORT_PAGE_SIZE, exportStream } from "../../../src/domain/exports/stream";
import { createUser } from "../../../src/domain/identity/accounts";
import type { Principal } from "../../../src/domain/identity/principal";
import { testContext, userTestContext } from "../../support/context";
import { type D1Usage, meteredD1 } from "../../support/d1-meter";
import { uniqueEmail } from "../../support/factories";
import { seedSessions } from "../../support/seed";

const principalOf = (userId: string): Principal => ({
  userId,
  role: "user",
  tier: "basic",
  scopes: new Set(["analytics:export"]),
  credential: { kind: "login_token", id: "test" },
});

const decoder = new TextDecoder();
const columns: Column<{ id: string; created_at: string }>[] = [{ name: "id", type: "text", value: (r) => r.id }];

describe("exportStream", () => {
  it("reads the first page before returning (its failure is thrown, so the route answers an envelope)", async () => {
    await expect(
      exportStream(
        async () => {
          throw new Error("D1_ERROR: down");
        },
        columns,
        "csv",
      ),
    ).rejects.toThrow("D1_ERROR");
  });

  it("a failure after the first byte errors the stream instead of ending it cleanly", async () => {
    let calls = 0;
    const stream = await exportStream(
      async () => {
        calls += 1;
        if (calls > 1) throw new Error("D1_ERROR: gone");
        return [
          { id: "a", created_at: "1" },
          { id: "b", created_at: "2" },
        ];
      },
      columns,
      "csv",
      2,
    );
    const reader = stream.getReader();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe("id\r\na\r\nb\r\n");
    await expect(reader.read()).rejects.toThrow("D1_ERROR");
  });

  it("pulls a page only when the consumer reads (never more than one page ahead)", async () => {
    let calls = 0;
    const stream = await exportStream(
      async (after) => {
        calls += 1;
        const n = after ? Number(after.id) + 1 : 0;
        return [{ id: String(n), created_at: String(n) }];
      },
      columns,
      "ndjson",
      1,
    );
    const reader = stream.getReader();
    expect(calls).toBe(1);
    await reader.read();
    await reader.read();
    await reader.read();
    expect(calls).toBe(3);
    await reader.cancel();
  });
});

describe("a 100,000-session export", () => {
  it("streams every row exactly once, one bounded D1 page per 1,000 rows", { timeout: 240_000 }, async () => {
    // Its own D1 (EXPORT_TEST_DB, vitest.config.ts), migrated here: files share their runtime's DB
    // (isolate false), and 100,000 rows left there made every later full scan of sessions crawl (the
    // backfill in test/db/active-sessions.test.ts scans them once per billing account: 20-60 s).
    const db = env.EXPORT_TEST_DB;
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    // The user and billing account the rows belong to; its billing clock (another store) is not needed.
    const noClock = { idFromName: () => ({}), get: () => ({ wake: async () => null }) };
    const user = { email: uniqueEmail(), username: "exporter", passwordHash: "unused", country: "unknown" };
    const u = await createUser(
      testContext({ bindings: { ...env, DB: db, BILLING_CLOCK: noClock } as unknown as Bindings }),
      { ...user, tier: "basic", marketingConsent: false },
    );
    if (!u) throw new Error("user not created");
    const total = 100_000;
    // Seeded in one INSERT … SELECT over a recursive CTE (test/support/seed.ts): created_at values
    // repeat to the second, so the (created_at, id) keyset is exercised on ties.
    const written = await seedSessions(db, u.id, total, 2, Date.now() * 10);
    expect(written).toBeGreaterThanOrEqual(total);

    const usage: D1Usage = { rowsRead: 0, rowsWritten: 0, queries: 0 };
    const perQuery: number[] = [];
    const metered = meteredD1(db, usage);
    const stream = await exportSessions(
      { ...userTestContext(principalOf(u.id)), db: metered },
      { query: {}, format: "csv" },
    );
    const reader = stream.getReader();
    let rows = -1; // the header line
    let lastId = "";
    let lastCreated = "";
    let ordered = true;
    let tail = "";
    let readBefore = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      perQuery.push(usage.rowsRead - readBefore);
      readBefore = usage.rowsRead;
      const lines = (tail + decoder.decode(value)).split("\r\n");
      tail = lines.pop()!;
      for (const line of lines) {
        rows += 1;
        if (rows === 0) continue;
        const [id, , , , created] = line.split(",") as [string, string, string, string, string];
        if (created < lastCreated || (created === lastCreated && id <= lastId)) ordered = false;
        lastId = id;
        lastCreated = created;
      }
    }
    expect(tail).toBe("");
    expect(rows).toBe(total);
    expect(ordered).toBe(true);
    // 100 full pages, then one empty page that ends the stream.
    const pages = total / EXPORT_PAGE_SIZE;
    expect(usage.queries).toBe(pages + 1);
    // Each page reads about as many rows as it returns: an index seek to the resume point, no OFFSET,
    // no sort of the whole set. The index leaves out the tie-breaker id (drizzle/schema/sessions.ts),
    // so SQLite orders rows of the same millisecond in a step of their own, and D1 counts each row
    // again as it leaves that step: twice the rows, never more. The few extra are the (type, status)
    // ranges' first rows and rows sharing the resume point's created_at.
    expect(usage.rowsRead).toBeLessThanOrEqual(2 * total + 60 * (pages + 1));
    expect(Math.max(...perQuery)).toBeLessThanOrEqual(2 * EXPORT_PAGE_SIZE + 60);
  });
});
