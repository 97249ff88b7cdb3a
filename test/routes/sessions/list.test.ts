import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type ListFilter, listQuery, listSessions, unvaluedQuery } from "../../../src/db/sessions";
import { registerUser, type TestUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { completedSession, heldSession, tokenWithScopes, topUp } from "../../support/sessions";

const pause = () => new Promise((r) => setTimeout(r, 3));

describe("GET /v1/sessions", () => {
  let u: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    u = await registerUser();
    // Long sessions stay pending long enough to be held; top the balance up for them.
    await topUp(u.id);
    const held = async (type: string) =>
      (await heldSession(u.token, { session_type: type, parameters: { duration: 3600 } })).id;
    ids.rvPending = await held("remote_viewing");
    await pause();
    ids.dowsingDone = (await completedSession(u.token, { session_type: "dowsing" })).id;
    await pause();
    ids.precogDone = (await completedSession(u.token, { session_type: "precognition" })).id;
    await pause();
    ids.intuitiveCancelled = await held("intuitive_analysis");
    await api("DELETE", `/v1/sessions/${ids.intuitiveCancelled}`, { token: u.token });
    await pause();
    ids.dowsingPending = await held("dowsing");
    // Someone else's session never shows up.
    const other = await registerUser();
    await heldSession(other.token);
  });

  const list = async (query = "", token = u.token) => api("GET", `/v1/sessions${query}`, { token });
  const idsOf = (res: any): string[] => res.body.data.sessions.map((s: any) => s.id);

  it("lists only the caller's sessions, newest first, with the list fields and pagination", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([
      ids.dowsingPending,
      ids.intuitiveCancelled,
      ids.precogDone,
      ids.dowsingDone,
      ids.rvPending,
    ]);
    expect(res.body.data.pagination).toEqual({ total: 5, limit: 20, offset: 0, has_more: false });
    expect(Object.keys(res.body.data.sessions[0]).sort()).toEqual([
      "completed_at",
      "confidence_score",
      "created_at",
      "credits_used",
      "cue",
      "id",
      "session_type",
      "status",
    ]);
  });

  it("filters by status and by session_type", async () => {
    expect(idsOf(await list("?status=completed"))).toEqual([ids.precogDone, ids.dowsingDone]);
    expect(idsOf(await list("?status=pending&order=asc"))).toEqual([ids.rvPending, ids.dowsingPending]);
    expect(idsOf(await list("?status=cancelled"))).toEqual([ids.intuitiveCancelled]);
    expect(idsOf(await list("?session_type=dowsing"))).toEqual([ids.dowsingPending, ids.dowsingDone]);
    expect(idsOf(await list("?session_type=dowsing&status=completed"))).toEqual([ids.dowsingDone]);
    expect((await list("?status=failed")).body.data).toEqual({
      sessions: [],
      pagination: { total: 0, limit: 20, offset: 0, has_more: false },
    });
  });

  it("sorts by confidence_score and completed_at; sessions without the value sort last in desc, first in asc", async () => {
    const byScore = (await list("?sort_by=confidence_score")).body.data.sessions;
    const scored = byScore.filter((s: any) => s.confidence_score !== null);
    expect(scored).toHaveLength(2);
    expect(byScore.slice(0, 2)).toEqual(scored);
    expect(scored[0].confidence_score).toBeGreaterThanOrEqual(scored[1].confidence_score);
    const byCompletedAsc = idsOf(await list("?sort_by=completed_at&order=asc"));
    expect(byCompletedAsc.slice(3)).toEqual([ids.dowsingDone, ids.precogDone]);
    const byCompletedDesc = idsOf(await list("?sort_by=completed_at&order=desc"));
    expect(byCompletedDesc.slice(0, 2)).toEqual([ids.precogDone, ids.dowsingDone]);
  });

  it("pages sorted by completed_at or confidence_score, at every size and offset, are SQL's order (NULLs first asc, last desc; then creation order)", async () => {
    for (const sort of ["completed_at", "confidence_score"] as const) {
      for (const order of ["asc", "desc"] as const) {
        for (const status of [undefined, "completed", "pending", "cancelled"] as const) {
          const { results } = await env.DB.prepare(
            `SELECT id FROM sessions WHERE user_id = ?1 AND organization_id IS NULL AND (?2 IS NULL OR status = ?2)
              ORDER BY ${sort} ${order}, CASE WHEN ${sort} IS NULL THEN created_at END ${order}, id ${order}`,
          )
            .bind(u.id, status ?? null)
            .all<{ id: string }>();
          const expected = results.map((r) => r.id);
          const query = `?sort_by=${sort}&order=${order}${status ? `&status=${status}` : ""}`;
          expect(idsOf(await list(query))).toEqual(expected);
          // Every page, straight from the store (as many requests through the API would meet the rate limit).
          for (const limit of [1, 2, 3]) {
            for (let offset = 0; offset <= expected.length; offset++) {
              const filter = { userId: u.id, status, sortBy: sort, order, limit, offset };
              const page = (await listSessions(env.DB, filter)).rows.map((r) => r.id);
              expect(page, `${query} limit ${limit} offset ${offset}`).toEqual(expected.slice(offset, offset + limit));
            }
          }
        }
      }
    }
  });

  it("paginates: has_more, the last page, beyond the end", async () => {
    const first = await list("?limit=2");
    expect(idsOf(first)).toEqual([ids.dowsingPending, ids.intuitiveCancelled]);
    expect(first.body.data.pagination).toEqual({ total: 5, limit: 2, offset: 0, has_more: true });
    const middle = await list("?limit=2&offset=2");
    expect(idsOf(middle)).toEqual([ids.precogDone, ids.dowsingDone]);
    expect(middle.body.data.pagination.has_more).toBe(true);
    const last = await list("?limit=2&offset=4");
    expect(idsOf(last)).toEqual([ids.rvPending]);
    expect(last.body.data.pagination).toEqual({ total: 5, limit: 2, offset: 4, has_more: false });
    const beyond = await list("?offset=50");
    expect(beyond.body.data).toEqual({
      sessions: [],
      pagination: { total: 5, limit: 20, offset: 50, has_more: false },
    });
    expect(idsOf(await list("?limit=100"))).toHaveLength(5);
  });

  it.each([
    ["?limit=101", "limit"],
    ["?limit=0", "limit"],
    ["?limit=ten", "limit"],
    ["?limit=2.5", "limit"],
    ["?offset=-1", "offset"],
    ["?status=done", "status"],
    ["?session_type=telepathy", "session_type"],
    ["?sort_by=cue", "sort_by"],
    ["?order=up", "order"],
  ])("%s → 422 naming %s", async (query, field) => {
    const err = expectErrorEnvelope(await list(query), 422, "INVALID_FIELD_VALUE");
    expect(err.details.field).toBe(field);
  });

  it("lists only the families the credential can read", async () => {
    const rvOnly = await tokenWithScopes(u.id, ["remote-viewing:read"]);
    expect(idsOf(await list("", rvOnly))).toEqual([ids.rvPending]);
    const dowsingOnly = await tokenWithScopes(u.id, ["dowsing:read"]);
    expect(idsOf(await list("", dowsingOnly))).toEqual([
      ids.dowsingPending,
      ids.intuitiveCancelled,
      ids.precogDone,
      ids.dowsingDone,
    ]);
    expect((await list("", dowsingOnly)).body.data.pagination.total).toBe(4);
    expectErrorEnvelope(await list("?session_type=remote_viewing", dowsingOnly), 403, "INSUFFICIENT_PERMISSIONS");
    expectErrorEnvelope(await list("", await tokenWithScopes(u.id, ["profile"])), 403, "INSUFFICIENT_PERMISSIONS");
  });
});

describe("GET /v1/sessions is index-backed", () => {
  const plan = async (f: Partial<ListFilter> & { unvalued?: "pending" | "cancelled" | "failed" }) => {
    const filter: ListFilter = { userId: "user_1", sortBy: "created_at", order: "desc", limit: 20, offset: 0, ...f };
    const q = (
      f.unvalued && filter.sortBy !== "created_at"
        ? unvaluedQuery(env.DB, { ...filter, sortBy: filter.sortBy }, [f.unvalued])
        : listQuery(env.DB, filter)
    ).toSQL();
    const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
      .bind(...q.params)
      .all<{ detail: string }>();
    return rows.results.map((r) => r.detail).join("\n");
  };

  it.each<[string, Partial<ListFilter> & { unvalued?: "pending" | "cancelled" | "failed" }, string]>([
    ["newest first", {}, "sessions_user_type_status_created_idx"],
    ["oldest first", { order: "asc" }, "sessions_user_type_status_created_idx"],
    ["by status", { status: "completed" }, "sessions_user_type_status_created_idx"],
    ["by status, oldest first", { status: "pending", order: "asc" }, "sessions_user_type_status_created_idx"],
    ["by session_type", { types: ["dowsing"] }, "sessions_user_type_status_created_idx"],
    [
      "by session_type and status",
      { types: ["remote_viewing"], status: "completed" },
      "sessions_user_type_status_created_idx",
    ],
    [
      "the families a credential can read, deep in the list",
      { types: ["dowsing", "precognition", "intuitive_analysis"], offset: 400 },
      "sessions_user_type_status_created_idx",
    ],
    ["by completed_at, the ended", { sortBy: "completed_at" }, "sessions_user_completed_idx"],
    [
      "by completed_at, the cancelled",
      { sortBy: "completed_at", unvalued: "cancelled" },
      "sessions_user_type_status_created_idx",
    ],
    [
      "by confidence_score, the completed",
      { sortBy: "confidence_score", order: "asc" },
      "sessions_user_confidence_idx",
    ],
    [
      "by confidence_score, the failed",
      { sortBy: "confidence_score", order: "asc", unvalued: "failed" },
      "sessions_user_type_status_created_idx",
    ],
    ["an organization's, newest first", { organizationId: "org_1" }, "sessions_org_created_idx"],
  ])("%s: walks %s in order, no table scan, no sort but of same-time ties", async (_name, filter, index) => {
    const detail = await plan(filter);
    expect(detail).toContain(`USING INDEX ${index}`);
    expect(detail).not.toMatch(/SCAN sessions(?! USING)/);
    // The indexes keyed by a time leave out the tie-breaker id (drizzle/schema/sessions.ts): SQLite
    // orders rows of the same millisecond in a step of their own, never the whole range. The
    // confidence index keeps id, since its scores tie all the time: no sort step at all.
    const sorts = detail.match(/TEMP B-TREE[^\n]*/g) ?? [];
    const allowed =
      index === "sessions_user_confidence_idx" ? /^$/ : /^TEMP B-TREE FOR (LAST TERM|RIGHT PART) OF ORDER BY$/;
    expect(sorts.filter((s) => !allowed.test(s))).toEqual([]);
    // A filter on status or type alone reads one range per value of the other, merged in order.
    const ranges = detail.match(
      /USING INDEX sessions_user_type_status_created_idx \(user_id=\? AND session_type=\? AND status=\?\)/g,
    );
    const merged = index === "sessions_user_type_status_created_idx";
    const expectedRanges = merged
      ? (filter.types?.length ?? 4) * (filter.status ? 1 : filter.unvalued ? 1 : 5)
      : undefined;
    expect(merged ? ranges?.length : expectedRanges).toBe(expectedRanges);
    // More than one range is read merged in order, not sorted.
    expect(!merged || (expectedRanges ?? 0) <= 1 || detail.includes("MERGE (UNION ALL)")).toBe(true);
  });
});
