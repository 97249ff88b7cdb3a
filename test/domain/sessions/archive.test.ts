import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { hotSession, MOVED_COLUMNS } from "../../../src/db/session-archive";
import { payingAccount } from "../../../src/db/sessions";
import type { Context } from "../../../src/domain/context";
import { accountPrefix, archiveKey, archiveSession, sweepArchive } from "../../../src/domain/sessions/archive";
import type { SessionArchive } from "../../../src/domain/sessions/ports";
import { testContext, testContextWith } from "../../support/context";
import { PASSWORD, registerUser, type TestUser } from "../../support/factories";
import { api, apiWithEnv, BASE, workerFetch } from "../../support/http";
import { mcpToken as tokenForMcp } from "../../support/mcp";
import { completedSession, topUp } from "../../support/sessions";

/**
 * The session archive (issue 46, docs/storage.md "Session archive"): an ended session's content moves
 * to R2 (the pool's real local bucket) after its hot window, and nothing a client reads changes.
 */

/** Everything a client reads of one session, as the bytes it receives (the envelope's meta aside). */
async function reads(user: TestUser, mcpToken: string, sessionId: string, { ledger = false } = {}) {
  const rest = async (path: string) => {
    const res = await api("GET", path, { token: user.token });
    // The envelope's meta (its timestamp and request id) is per response; all else must be the same bytes.
    return `${res.status} ${JSON.stringify(res.body.data ?? res.body.error)}`;
  };
  const mcp = async (method: string, params: unknown) => {
    const res = await workerFetch(
      new Request(`${BASE}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${mcpToken}`,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      }),
    );
    return `${res.status} ${await res.text()}`;
  };
  const exported = await api("GET", "/v1/exports/sessions?format=ndjson", { token: user.token });
  return {
    session: await rest(`/v1/sessions/${sessionId}`),
    analysis: await rest(`/v1/sessions/${sessionId}/analysis`),
    history: await rest(`/v1/sessions/${sessionId}/analysis/history`),
    list: await rest("/v1/sessions?limit=5"),
    export: `${exported.status} ${exported.text}`,
    // The session's debit names it, its type and cue, read through the row (db/billing-history.ts);
    // only where asked, as every read counts against the user's per-minute rate limit.
    ...(ledger ? await ledgerReads(user) : {}),
    mcpAnalysis: await mcp("tools/call", {
      name: "get_analysis",
      arguments: { session_id: sessionId, include_history: true },
    }),
    mcpSession: await mcp("tools/call", { name: "get_session", arguments: { session_id: sessionId } }),
    mcpResource: await mcp("resources/read", { uri: `session://${sessionId}/analysis` }),
  };
}

async function ledgerReads(user: TestUser) {
  const history = await api("GET", "/v1/billing/history?limit=100", { token: user.token });
  const transactions = await api("GET", "/v1/exports/transactions?format=ndjson", { token: user.token });
  return {
    billingHistory: `${history.status} ${JSON.stringify(history.body.data)}`,
    transactions: `${transactions.status} ${transactions.text}`,
  };
}

const contentRows = async (sessionId: string) =>
  (await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM session_content WHERE id = (SELECT content_id FROM sessions WHERE id = ?1)",
  )
    .bind(sessionId)
    .first<number>("n"))!;

const rowOf = (sessionId: string) =>
  env.DB.prepare(
    `SELECT ${payingAccount("sessions")} AS account_id, content_id,
            CASE WHEN archive_sha256 IS NULL THEN NULL ELSE hex(archive_sha256) END AS sha FROM sessions WHERE id = ?1`,
  )
    .bind(sessionId)
    .first<{ account_id: string; content_id: number | null; sha: string | null }>();

const objectsOf = async (accountId: string) =>
  (await env.ARCHIVE.list({ prefix: accountPrefix(accountId) })).objects.map((o) => o.key);

/** The test pool's context with the archive's put or the D1 commit failing, as a crash there would. */
function failing(step: "put" | "commit"): Context {
  const base = testContextWith({ SESSION_HOT_WINDOW_SECONDS: "0" });
  if (step === "commit")
    return {
      ...base,
      commit: async () => {
        throw new Error("injected: the commit died");
      },
    };
  const real = base.ports.archive;
  const archive: SessionArchive = {
    ...real,
    put: async () => {
      throw new Error("injected: the put died");
    },
  };
  return { ...base, ports: Object.create(base.ports, { archive: { value: archive } }) };
}

describe("the session archive", () => {
  let user: TestUser;
  let mcpToken: string;

  beforeAll(async () => {
    user = await registerUser();
    await topUp(user.id);
    mcpToken = await tokenForMcp(user.id);
  });

  it("the cron's sweep leaves a session inside its hot window in D1 and moves it once past it, in bounded runs", async () => {
    const { id } = await completedSession(user.token);
    const now = Date.now();
    await sweepArchive(testContextWith({ SESSION_HOT_WINDOW_SECONDS: "3600" }, () => now));
    expect((await rowOf(id))!.sha).toBeNull();
    expect(await contentRows(id)).toBe(1);

    const ctx = testContextWith({ SESSION_HOT_WINDOW_SECONDS: "0" });
    const hot = (await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE content_id IS NOT NULL").first<number>(
      "n",
    ))!;
    const runs: number[] = [];
    // Oldest first, 20 a run: the runs it takes to reach this session are bounded by the hot sessions.
    for (let run = 0; run <= Math.ceil(hot / 20) && (await rowOf(id))!.sha === null; run++)
      runs.push(await sweepArchive(ctx, 20));
    expect(Math.max(...runs)).toBeLessThanOrEqual(20);
    const row = (await rowOf(id))!;
    expect(row.content_id).toBeNull();
    // The row keeps the first 16 bytes of the object's SHA-256.
    expect(row.sha).toMatch(/^[0-9A-F]{32}$/);
    const object = await env.ARCHIVE.get(archiveKey({ accountId: row.account_id, id }));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await object!.arrayBuffer()));
    expect(
      [...digest]
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("")
        .toUpperCase()
        .slice(0, 32),
    ).toBe(row.sha);
    // The row gave its object every moved column: none of them holds a value any more.
    const slim = (await env.DB.prepare(
      `SELECT ${MOVED_COLUMNS.map((c) => `${c} IS NULL OR ${c} IN ('', 0)`).join(" AND ")} AND results IS NULL AND account_id IS NULL AS slim
         FROM sessions WHERE id = ?1`,
    )
      .bind(id)
      .first<number>("slim"))!;
    expect(slim).toBe(1);
  });

  it("every read of a session answers the same bytes before and after it is archived", async () => {
    // A user of its own: these reads, twice, are a good part of a user's per-minute rate limit.
    const user = await registerUser();
    await topUp(user.id);
    const mcpToken = await tokenForMcp(user.id);
    // Every column the archived row gives its object holds a value here (a case id, a client
    // reference, tags, a high priority; started, completed, its results and analysis id).
    const { id } = await completedSession(user.token, {
      parameters: {
        duration: 3600,
        priority: "high",
        confidence_threshold: 0.65,
        analysis_types: ["visual", "temporal"],
      },
      metadata: { case_id: "c-9", client_reference: "r-9", tags: ["x", "y"] },
    });
    const before = await reads(user, mcpToken, id, { ledger: true });
    expect(before.analysis).toMatch(/^200 /);
    expect(before.billingHistory).toContain(`"${id}"`);
    expect(before.transactions).toMatch(/^200 /);
    expect(before.history).toMatch(/^200 {"analysis_history":\[{/);
    expect(before.export).toContain(`"id":"${id}"`);
    expect(before.mcpAnalysis).toContain("key_findings");
    expect(before.mcpAnalysis).not.toContain("isError");
    expect(before.mcpResource).toContain("key_findings");
    expect(await archiveSession(testContext(), (await hotSession(env.DB, id))!)).toBe(true);
    expect((await rowOf(id))!.sha).not.toBeNull();
    expect(await reads(user, mcpToken, id, { ledger: true })).toEqual(before);
  });

  for (const step of ["put", "commit"] as const)
    it(`a move killed at its ${step} loses and doubles nothing, reads the same, and the next run finishes it`, async () => {
      const { id } = await completedSession(user.token);
      const before = await reads(user, mcpToken, id);
      const hot = (await hotSession(env.DB, id))!;
      await expect(archiveSession(failing(step), hot)).rejects.toThrow(/injected/);

      // Still hot: the row points at its content, which is still there.
      const row = (await rowOf(id))!;
      expect(row).toMatchObject({ content_id: hot.contentId, sha: null });
      expect(await contentRows(id)).toBe(1);
      const key = archiveKey({ accountId: row.account_id, id });
      // Killed at the put: no object. Killed at the commit: the object, which nobody reads yet.
      expect((await objectsOf(row.account_id)).includes(key)).toBe(step === "commit");
      expect(await reads(user, mcpToken, id)).toEqual(before);

      expect(await archiveSession(testContext(), (await hotSession(env.DB, id))!)).toBe(true);
      expect((await rowOf(id))!).toMatchObject({ content_id: null });
      expect((await objectsOf(row.account_id)).filter((k) => k === key)).toEqual([key]);
      expect(
        await env.DB.prepare("SELECT COUNT(*) AS n FROM session_content WHERE id = ?1").bind(hot.contentId).first("n"),
      ).toBe(0);
      expect(await reads(user, mcpToken, id)).toEqual(before);
      // A repeat of the finished move (a run that read the row before the commit) changes nothing.
      expect(await archiveSession(testContext(), hot)).toBe(false);
      expect((await objectsOf(row.account_id)).filter((k) => k === key)).toEqual([key]);
      expect(await reads(user, mcpToken, id)).toEqual(before);
    });

  it("an archived session costs its Session, analysis, history and export reads one R2 read each, and lists and stats none", async () => {
    const { id } = await completedSession(user.token);
    expect(await archiveSession(testContext(), (await hotSession(env.DB, id))!)).toBe(true);
    const gets: string[] = [];
    const counting = new Proxy(env.ARCHIVE, {
      get(target, prop) {
        if (prop === "get")
          return (key: string) => {
            gets.push(key);
            return target.get(key);
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const readsOf = async (path: string) => {
      gets.length = 0;
      expect((await apiWithEnv({ ARCHIVE: counting }, "GET", path, { token: user.token })).status).toBe(200);
      return gets.length;
    };
    expect(await readsOf(`/v1/sessions/${id}/analysis`)).toBe(1);
    expect(await readsOf(`/v1/sessions/${id}/analysis/history`)).toBe(1);
    expect(await readsOf(`/v1/sessions/${id}`)).toBe(1);
    expect(await readsOf("/v1/sessions?limit=100&sort_by=confidence_score")).toBe(0);
    expect(await readsOf("/v1/sessions?status=completed")).toBe(0);
    expect(await readsOf("/v1/users/me/stats")).toBe(0);
    // One per archived session of the export (this file archives others of the same user too).
    const archivedOfUser = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?1 AND archive_sha256 IS NOT NULL",
    )
      .bind(user.id)
      .first<number>("n"))!;
    expect(await readsOf("/v1/exports/sessions?format=csv")).toBe(archivedOfUser);
  });

  it("a move overtaken by the account's deletion leaves no object behind", async () => {
    const leaving = await registerUser();
    await topUp(leaving.id);
    const { id } = await completedSession(leaving.token);
    const stale = (await hotSession(env.DB, id))!;
    const del = await api("DELETE", "/v1/users/me", { token: leaving.token, body: { password: PASSWORD } });
    expect(del.status).toBe(200);
    // The move read the row before the deletion's batch and writes its object after the erasure's.
    expect(await archiveSession(testContext(), stale)).toBe(false);
    expect(await rowOf(id)).toMatchObject({ content_id: null, sha: null });
    expect(await objectsOf(stale.accountId)).toEqual([]);
  });

  it("a missing or corrupt object answers SESSION_ARCHIVE_UNREADABLE (500), never a part of the session", async () => {
    const { id } = await completedSession(user.token);
    expect(await archiveSession(testContext(), (await hotSession(env.DB, id))!)).toBe(true);
    const row = (await rowOf(id))!;
    const key = archiveKey({ accountId: row.account_id, id });
    const bytes = new Uint8Array(await (await env.ARCHIVE.get(key))!.arrayBuffer());

    bytes[bytes.length - 1]! ^= 0xff;
    await env.ARCHIVE.put(key, bytes);
    for (const path of [`/v1/sessions/${id}/analysis`, `/v1/sessions/${id}/analysis/history`]) {
      const res = await api("GET", path, { token: user.token });
      expect(res.status).toBe(500);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatchObject({
        code: "SESSION_ARCHIVE_UNREADABLE",
        details: { session_id: id, reason: "corrupt" },
      });
    }
    await env.ARCHIVE.delete(key);
    const missing = await api("GET", `/v1/sessions/${id}/analysis`, { token: user.token });
    expect(missing.status).toBe(500);
    expect(missing.body.error).toMatchObject({ code: "SESSION_ARCHIVE_UNREADABLE", details: { reason: "missing" } });
    // The Session itself is in its object too (500 the same way); the lists read only the row.
    const session = await api("GET", `/v1/sessions/${id}`, { token: user.token });
    expect(session.status).toBe(500);
    expect(session.body.error).toMatchObject({ code: "SESSION_ARCHIVE_UNREADABLE", details: { reason: "missing" } });
    expect(
      (await api("GET", "/v1/sessions?limit=100", { token: user.token })).body.data.sessions.map(
        (s: { id: string }) => s.id,
      ),
    ).toContain(id);
  });
});
