import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { analyzerFor } from "../../src/analysis";
import type { Bindings } from "../../src/bindings";
import type { Context } from "../../src/domain/context";
import { createUser } from "../../src/domain/identity/accounts";
import type { Principal } from "../../src/domain/identity/principal";
import { sweepArchive } from "../../src/domain/sessions/archive";
import { createSession } from "../../src/domain/sessions/create";
import {
  completeSession,
  recordSessionStage,
  startProcessing,
  storedHistory,
  storedSession,
} from "../../src/domain/sessions/lifecycle";
import { parametersOf } from "../../src/domain/sessions/resources";
import { STAGES } from "../../src/domain/sessions/types";
import { iso } from "../../src/lib/clock";
import { testContext, userTestContext } from "../support/context";
import { uniqueEmail } from "../support/factories";

/**
 * D1 bytes per session, every table and index included (issue 46, docs/scale.md): D1's own size
 * metadata (`meta.size_after`, the database's pages; local D1 frees empty pages at commit) of a
 * database that holds nothing else (SIZE_TEST_DB, vitest.config.ts), before and after 250 sessions
 * of the issue's shape — a 64-character cue, three analysis types, two tags, a case id and a client
 * reference — made by the creation's own domain function and run to their end through the steps a
 * session's room takes (src/durable-objects/session-room/session-room.ts), 25 at a time, in turn.
 * Then the cron's archive sweep moves them all to R2 and the database is measured again (archived).
 * `npm run bench` (scenario storage) runs this file and prints both figures against their targets.
 */
const SESSIONS = 250;
const USERS = 10;
const AT_ONCE = 25;

const INPUT = {
  cue: "Locate the missing survey marker near the old quarry road, north.".slice(0, 64),
  session_type: "remote_viewing" as const,
  parameters: {
    duration: 30,
    confidence_threshold: 0.5,
    analysis_types: ["visual" as const, "spatial" as const, "temporal" as const],
    priority: "normal" as const,
  },
  metadata: { case_id: "case-2026-0042", client_reference: "crm-7781-a", tags: ["field", "priority"] },
};

const principalOf = (userId: string): Principal => ({
  userId,
  role: "user",
  tier: "enterprise",
  scopes: new Set(["remote-viewing:read", "remote-viewing:write"]),
  credential: { kind: "login_token", id: "test" },
});

const db = () => env.SIZE_TEST_DB;
const sizeOf = async () => (await db().prepare("SELECT 1").run()).meta.size_after;

/**
 * The bindings of the measured database. Its sessions are run here, step by step, so the scheduler and
 * billing-clock objects, which would run them against the pool's own DB, are left out.
 */
function measuredBindings(): Bindings {
  const noObject = { idFromName: () => ({}), get: () => ({ add: async () => {}, wake: async () => null }) };
  return { ...env, DB: db(), SESSION_SCHEDULER: noObject, BILLING_CLOCK: noObject } as unknown as Bindings;
}

/** One step of a session's life, as its room takes them: start, three stages, the last one completing it. */
async function step(ctx: Context, sessionId: string, done: number): Promise<void> {
  const at = iso(ctx.now());
  if (done === 0) {
    await startProcessing(ctx, { sessionId, at, stage: STAGES[0] });
    return;
  }
  const row = (await storedSession(ctx, { sessionId }))!;
  const analyzer = analyzerFor(env);
  const input = { sessionId, cue: row.cue, sessionType: row.sessionType, parameters: parametersOf(row) };
  const stage = STAGES[done - 1]!;
  const report = await analyzer.stage(input, stage);
  const entry = { timestamp: at, stage, confidence: report.confidence, notes: report.notes };
  await recordSessionStage(ctx, { sessionId, position: done, entry, next: STAGES[done] ?? null });
  if (done < STAGES.length) return;
  const history = await storedHistory(ctx, { sessionId, ended: false });
  const outcome = await analyzer.finish(input, history);
  await completeSession(ctx, { sessionId, completion: { at, duration: 30, ...outcome }, history });
}

describe("D1 bytes per session", () => {
  it(`${SESSIONS} sessions of ${USERS} people: a hot (ended, unarchived) session costs at most 2.5 KB, an archived one at most 0.8 KB`, {
    timeout: 120_000,
  }, async () => {
    await applyD1Migrations(db(), env.TEST_MIGRATIONS);
    let clock = Date.parse("2026-11-02T08:00:00.000Z");
    const bindings = measuredBindings();
    const now = () => (clock += 7);
    const ctx = testContext({ bindings, now });
    const users: Principal[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = { email: uniqueEmail("size"), username: "size", passwordHash: "unused", country: "unknown" };
      const u = (await createUser(ctx, { ...user, tier: "enterprise", marketingConsent: false }))!;
      await db()
        .prepare("UPDATE billing_accounts SET tier = 'enterprise', balance = 1000000 WHERE owner_id = ?")
        .bind(u.id)
        .run();
      users.push(principalOf(u.id));
    }
    const before = await sizeOf();

    // Lives interleaved as a busy service interleaves them: up to AT_ONCE in progress, each step in turn.
    const running: { id: string; done: number }[] = [];
    let made = 0;
    while (made < SESSIONS || running.length > 0) {
      if (made < SESSIONS && running.length < AT_ONCE) {
        const owner = users[made % USERS]!;
        const created = await createSession(userTestContext(owner, { bindings, now }), INPUT);
        running.push({ id: created.id, done: 0 });
        made += 1;
        continue;
      }
      const next = running.shift()!;
      await step(ctx, next.id, next.done);
      if (next.done < STAGES.length) running.push({ id: next.id, done: next.done + 1 });
    }
    const ended = await db()
      .prepare("SELECT COUNT(*) AS n FROM sessions WHERE status = 'completed' AND content_id IS NOT NULL")
      .first<number>("n");
    expect(ended).toBe(SESSIONS);

    const hot = ((await sizeOf()) - before) / SESSIONS;
    console.log(JSON.stringify({ msg: "D1 bytes per session", hot }));
    expect(hot).toBeLessThanOrEqual(2500);

    // Past the hot window the cron moves every one to the archive (the pool's R2), 50 a run.
    const archiving = testContext({ bindings: { ...bindings, SESSION_HOT_WINDOW_SECONDS: "0" }, now });
    let moved = 0;
    for (let run = 0; run < SESSIONS / 50 + 1 && moved < SESSIONS; run++) moved += await sweepArchive(archiving);
    expect(moved).toBe(SESSIONS);
    const archived = ((await sizeOf()) - before) / SESSIONS;
    console.log(JSON.stringify({ msg: "D1 bytes per session", archived }));
    // Every session's content left D1 (its session_content rows and their pages), and each row gave
    // its object what no list, filter, sort or stat reads (src/db/session-archive.ts), rewritten so
    // its old pages emptied: an archived session, ledger entry and index entries included, costs at
    // most the 0.8 KB (docs/scale.md "What a session stores").
    expect(await db().prepare("SELECT COUNT(*) AS n FROM session_content").first<number>("n")).toBe(0);
    expect(archived).toBeLessThanOrEqual(800);
  });
});
