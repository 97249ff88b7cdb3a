import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { csvRecords, ndjsonRecords, parseCsv } from "../../support/exports";
import { adminUser, registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { completedSession, heldSession, topUp } from "../../support/sessions";
import { mintToken } from "../../support/tokens";

const COLUMNS = [
  "user_id",
  "tier",
  "country",
  "created_at",
  "last_login",
  "sessions_total",
  "sessions_active",
  "sessions_completed",
  "sessions_failed",
  "sessions_cancelled",
];
const exportOf = (token: string, query = "") => api("GET", `/v1/exports/users${query}`, { token });

describe("GET /v1/exports/users (admins)", () => {
  it("exports one pseudonymous row per user with tier, country, dates and session counts", async () => {
    const admin = await adminUser();
    const u = await registerUser({ tier: "professional" });
    await topUp(u.id);
    await completedSession(u.token);
    await heldSession(u.token);
    await env.DB.prepare("UPDATE users SET country = 'DE' WHERE id = ?").bind(u.id).run();

    const res = await exportOf(admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename="users-[\d-]+\.csv"$/);
    expect(parseCsv(res.text)[0]).toEqual(COLUMNS);
    const rows = csvRecords(res.text);
    const row = rows.find((r) => r.user_id === u.id)!;
    expect(row).toMatchObject({
      tier: "professional",
      country: "DE",
      sessions_total: "2",
      sessions_active: "1",
      sessions_completed: "1",
      sessions_failed: "0",
      sessions_cancelled: "0",
    });
    expect(Date.parse(row.created_at!)).not.toBeNaN();
    // No contact data in analytics rows.
    expect(res.text).not.toContain(u.email);
    const keys = rows.map((r) => `${r.created_at} ${r.user_id}`);
    expect(keys).toEqual([...keys].sort());
  });

  it("filters by tier, country and created_at dates", async () => {
    const admin = await adminUser();
    const pro = await registerUser({ tier: "enterprise" });
    await env.DB.prepare("UPDATE users SET country = 'NZ' WHERE id = ?").bind(pro.id).run();
    const rows = ndjsonRecords((await exportOf(admin.token, "?format=ndjson&tier=enterprise&country=NZ")).text);
    expect(rows.map((r) => r.user_id)).toContain(pro.id);
    expect(rows.every((r) => r.tier === "enterprise" && r.country === "NZ")).toBe(true);
    expect(Object.keys(rows[0]!)).toEqual(COLUMNS);
    expect(ndjsonRecords((await exportOf(admin.token, "?format=ndjson&end_date=2020-01-01")).text)).toEqual([]);
    expectErrorEnvelope(await exportOf(admin.token, "?tier=gold"), 422, "INVALID_FIELD_VALUE");
  });

  it("is for admins: a user with analytics:export gets 403; a token without the scope too", async () => {
    const u = await registerUser();
    const err = expectErrorEnvelope(await exportOf(u.token), 403, "INSUFFICIENT_PERMISSIONS");
    expect(err.details).toEqual({ required_role: "admin" });
    const admin = await adminUser();
    const noExport = await mintToken(admin.id, { role: "admin", scopes: ["analytics:admin", "analytics:read"] });
    const denied = expectErrorEnvelope(await exportOf(noExport), 403, "INSUFFICIENT_PERMISSIONS");
    expect(denied.details.required_scopes).toEqual(["analytics:export"]);
  });
});
