import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { csvRecords, failingD1, ndjsonRecords, parseCsv } from "../../support/exports";
import { registerUser, type TestUser } from "../../support/factories";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { seedSessions } from "../../support/seed";
import { completedSession, createSession, getSession, heldSession, topUp } from "../../support/sessions";
import { mintToken } from "../../support/tokens";

const COLUMNS = [
  "id",
  "session_type",
  "status",
  "cue",
  "created_at",
  "started_at",
  "completed_at",
  "cancelled_at",
  "estimated_completion",
  "requested_duration",
  "duration",
  "confidence_threshold",
  "analysis_types",
  "priority",
  "case_id",
  "client_reference",
  "tags",
  "credits_required",
  "credits_used",
  "credits_refunded",
  "confidence_score",
  "error_code",
  "results",
];

const exportOf = (token: string, query = "", headers: Record<string, string> = {}) =>
  api("GET", `/v1/exports/sessions${query}`, { token, headers });

describe("GET /v1/exports/sessions", () => {
  let owner: TestUser;
  let other: TestUser;
  let done: string;
  let pendingDowsing: string;
  let evil: string;

  beforeAll(async () => {
    owner = await registerUser();
    other = await registerUser();
    await topUp(owner.id);
    done = (await completedSession(owner.token)).id;
    pendingDowsing = (await heldSession(owner.token, { session_type: "dowsing" })).id;
    evil = (
      await heldSession(owner.token, {
        cue: '=HYPERLINK("http://evil.example","x"), "quoted"\nsecond line',
        metadata: { case_id: "+1+2", client_reference: "@SUM(A1)", tags: ["-2"] },
      })
    ).id;
    await createSession(other.token);
  });

  it("streams CSV with the documented columns in order, as an attachment", async () => {
    const res = await exportOf(owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="sessions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const [header] = parseCsv(res.text);
    expect(header).toEqual(COLUMNS);
    const rows = csvRecords(res.text);
    expect(rows.map((r) => r.id)).toEqual([done, pendingDowsing, evil]);
    const completed = await getSession(owner.token, done);
    expect(rows[0]).toMatchObject({
      session_type: "remote_viewing",
      status: "completed",
      cue: completed.cue,
      created_at: completed.created_at,
      completed_at: completed.completed_at,
      cancelled_at: "",
      requested_duration: "3600",
      analysis_types: '["visual"]',
      priority: "normal",
      tags: '["a","b"]',
      credits_required: String(completed.credits_required),
      confidence_score: String(completed.confidence_score),
      error_code: "",
    });
    expect(JSON.parse(rows[0]!.results!)).toEqual(completed.results);
    expect(rows[1]).toMatchObject({ status: "pending", results: "", completed_at: "", confidence_score: "" });
  });

  it("neutralises formula cells and quotes per RFC 4180", async () => {
    const res = await exportOf(owner.token);
    const row = csvRecords(res.text).find((r) => r.id === evil)!;
    expect(row.cue).toBe('\'=HYPERLINK("http://evil.example","x"), "quoted"\nsecond line');
    expect(row.case_id).toBe("'+1+2");
    expect(row.client_reference).toBe("'@SUM(A1)");
    // A JSON list starts with "[", not a formula character.
    expect(row.tags).toBe('["-2"]');
    expect(res.text).toContain('"\'=HYPERLINK(""http://evil.example"",""x""), ""quoted""\nsecond line"');
  });

  it("streams NDJSON by format=ndjson or by Accept, keys in column order with JSON values", async () => {
    for (const res of [
      await exportOf(owner.token, "?format=ndjson"),
      await exportOf(owner.token, "", { Accept: "application/x-ndjson" }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(/filename="sessions-[\d-]+\.ndjson"$/);
      const lines = ndjsonRecords(res.text);
      expect(lines.map((l) => l.id)).toEqual([done, pendingDowsing, evil]);
      expect(Object.keys(lines[0]!)).toEqual(COLUMNS);
      expect(lines[0]!.tags).toEqual(["a", "b"]);
      expect(lines[0]!.results).toEqual((await getSession(owner.token, done)).results);
      // NDJSON is not a spreadsheet format: text is exact.
      expect(lines[2]!.case_id).toBe("+1+2");
      expect(lines[1]!.results).toBeNull();
    }
    // format wins over Accept.
    const csv = await exportOf(owner.token, "?format=csv", { Accept: "application/x-ndjson" });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
  });

  it("takes the list's filters and created_at dates", async () => {
    const ids = async (q: string) => csvRecords((await exportOf(owner.token, q)).text).map((r) => r.id);
    expect(await ids("?status=completed")).toEqual([done]);
    expect(await ids("?status=pending&session_type=dowsing")).toEqual([pendingDowsing]);
    expect(await ids("?session_type=remote_viewing")).toEqual([done, evil]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`?start_date=${today}&end_date=${today}`)).toHaveLength(3);
    expect(await ids("?end_date=2020-01-01")).toEqual([]);
    // An empty export is still a header line.
    expect((await exportOf(owner.token, "?end_date=2020-01-01")).text).toBe(`${COLUMNS.join(",")}\r\n`);
  });

  it("never contains another user's sessions", async () => {
    const mine = csvRecords((await exportOf(other.token)).text);
    expect(mine).toHaveLength(1);
    for (const id of [done, pendingDowsing, evil]) expect(JSON.stringify(mine)).not.toContain(id);
  });

  it("refuses bad input and missing scope with the error envelope", async () => {
    expectErrorEnvelope(await exportOf(owner.token, "?format=xlsx"), 422, "INVALID_FIELD_VALUE");
    expectErrorEnvelope(await exportOf(owner.token, "?status=archived"), 422, "INVALID_FIELD_VALUE");
    const err = expectErrorEnvelope(
      await exportOf(owner.token, "?start_date=2026-02-01&end_date=2026-01-01"),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(err.details.field).toBe("end_date");
    const readOnly = await mintToken(owner.id, { scopes: ["remote-viewing:read", "dowsing:read", "analytics:read"] });
    const denied = expectErrorEnvelope(await exportOf(readOnly), 403, "INSUFFICIENT_PERMISSIONS");
    expect(denied.details.required_scopes).toEqual(["analytics:export"]);
    expectErrorEnvelope(await api("GET", "/v1/exports/sessions"), 401, "AUTHENTICATION_REQUIRED");
    // analytics:export alone is enough (it is the permission to export every family).
    const exportOnly = await mintToken(owner.id, { scopes: ["analytics:export"] });
    expect(csvRecords((await exportOf(exportOnly)).text)).toHaveLength(3);
  });
});

describe("GET /v1/exports/sessions over several pages", () => {
  let u: TestUser;
  const total = 2_500;

  beforeAll(async () => {
    u = await registerUser();
    await seedSessions(env.DB, u.id, total, 1, Date.now() * 10 + 7);
  });

  it("returns every row once, in (created_at, id) order", async () => {
    const rows = ndjsonRecords((await exportOf(u.token, "?format=ndjson")).text);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    const keys = rows.map((r) => `${r.created_at} ${r.id}`);
    expect(keys).toEqual([...keys].sort());
    const failed = rows.filter((r) => r.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.error_code === "AI_MODEL_ERROR")).toBe(true);
  });

  it("a D1 failure before the first byte is a 500 envelope; after it, the transfer breaks", async () => {
    const pageQuery = /FROM sessions\s+WHERE user_id = \?1/;
    const before = await apiWithEnv({ DB: failingD1(pageQuery, 1) }, "GET", "/v1/exports/sessions", {
      token: u.token,
    });
    expect(before.status).toBe(500);
    expect(before.body.success).toBe(false);
    await expect(
      apiWithEnv({ DB: failingD1(pageQuery, 2) }, "GET", "/v1/exports/sessions", { token: u.token }),
    ).rejects.toThrow();
  });
});
