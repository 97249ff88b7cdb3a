import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { servedOpenApiDocument } from "../../support/openapi";
import {
  asOrg,
  createOrganization,
  invite,
  organizationWithTeam,
  topUpOrganization,
} from "../../support/organizations";
import { validSession } from "../../support/sessions";

describe("GET /v1/organizations/{id}/audit-log", () => {
  it("admins read every step newest first, with actor, target, request id and client address", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    await api("PUT", `/v1/organizations/${orgId}/members/${member.id}`, {
      token: admin.token,
      body: { role: "admin" },
      headers: { "x-request-id": "req-role-change", "cf-connecting-ip": "192.0.2.44" },
    });
    const res = await api("GET", `/v1/organizations/${orgId}/audit-log`, { token: admin.token });
    expect(res.status).toBe(200);
    const entries = res.body.data.entries;
    expect(entries.map((e: any) => e.action)).toEqual([
      "member.role_changed",
      "invitation.accepted",
      "invitation.created",
      "invitation.accepted",
      "invitation.created",
      "organization.created",
    ]);
    expect(entries[0]).toMatchObject({
      actor: { user_id: admin.id, credential: expect.stringMatching(/^login_token:/) },
      target: { type: "user", id: member.id },
      before: { role: "member" },
      after: { role: "admin" },
      request_id: "req-role-change",
      ip: "192.0.2.44",
    });
    expect(entries.at(-1).actor.user_id).toBe(owner.id);
    expect(res.body.data.pagination).toEqual({ total: 6, limit: 20, offset: 0, has_more: false });
  });

  it("filters by action, actor and target, and pages with limit and offset", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    const q = (query: string) => api("GET", `/v1/organizations/${orgId}/audit-log?${query}`, { token: owner.token });
    expect((await q("action=invitation.created")).body.data.entries).toHaveLength(2);
    expect((await q(`actor_id=${admin.id}`)).body.data.entries.map((e: any) => e.action)).toEqual([
      "invitation.accepted",
    ]);
    expect((await q(`target_id=${orgId}`)).body.data.entries.map((e: any) => e.action)).toEqual([
      "organization.created",
    ]);
    const page = (await q("limit=2&offset=2")).body.data;
    expect(page.entries).toHaveLength(2);
    expect(page.pagination).toEqual({ total: 5, limit: 2, offset: 2, has_more: true });
    expect((await q(`since=${new Date(Date.now() + 60_000).toISOString()}`)).body.data.entries).toEqual([]);
    // RFC 3339 offsets (as OpenAPI's date-time allows) name the same instant as its UTC form: a minute
    // ahead written at -19:25 still finds nothing, a day ago written at +23:59 finds every entry, and
    // the last time a four-digit year can write at -19:25 (past year 9999 in UTC) finds nothing.
    const at = (ms: number, offsetMinutes: number) => {
      const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
      const sign = offsetMinutes < 0 ? "-" : "+";
      const abs = Math.abs(offsetMinutes);
      return encodeURIComponent(
        `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`,
      );
    };
    expect((await q(`since=${at(Date.now() + 60_000, -(19 * 60 + 25))}`)).body.data.entries).toEqual([]);
    expect((await q(`since=${at(Date.now() - 86_400_000, 23 * 60 + 59)}`)).body.data.pagination.total).toBe(5);
    expect((await q(`until=${at(Date.now() - 86_400_000, -(19 * 60 + 25))}`)).body.data.entries).toEqual([]);
    expect((await q(`since=${encodeURIComponent("9999-12-31T23:59:59.123456-19:25")}`)).body.data.entries).toEqual([]);
    for (const bad of ["limit=0", "limit=101", "offset=-1", "action=DROP TABLE", "since=yesterday"]) {
      expect((await q(bad)).status, bad).toBe(422);
    }
  });

  it("members cannot read it; there is no route to edit or delete it", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    expectErrorEnvelope(
      await api("GET", `/v1/organizations/${orgId}/audit-log`, { token: member.token }),
      403,
      "ORGANIZATION_ROLE_REQUIRED",
    );
    for (const method of ["DELETE", "PUT", "PATCH", "POST"]) {
      const res = await api(method, `/v1/organizations/${orgId}/audit-log`, { token: owner.token, body: {} });
      const err = expectErrorEnvelope(res, 405, "METHOD_NOT_ALLOWED");
      expect(err.details.allowed).not.toContain(method);
      expect(res.headers.get("Allow")).toContain("GET");
    }
    // Nor through D1 itself: triggers refuse UPDATE and DELETE on the table.
    await expect(
      env.DB.prepare("UPDATE audit_log SET action = 'x' WHERE organization_id = ?").bind(orgId).run(),
    ).rejects.toThrow();
    await expect(env.DB.prepare("DELETE FROM audit_log WHERE organization_id = ?").bind(orgId).run()).rejects.toThrow();
    const kept = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE organization_id = ? AND action != 'x'")
      .bind(orgId)
      .first<{ n: number }>();
    expect(kept?.n).toBe(5);
  });

  it("names each acting person (username and email) beside the id; an organization key's entries name nobody", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    const key = await api("POST", "/v1/api-keys", {
      token: owner.token,
      headers: asOrg(orgId),
      body: { name: "org key", scopes: ["remote-viewing:write"] },
    });
    expect(key.status).toBe(201);
    await topUpOrganization(orgId);
    const session = await api("POST", "/v1/sessions", {
      headers: { "x-api-key": key.body.data.key },
      body: validSession(),
    });
    expect(session.status, session.text).toBe(201);
    const entries = (await api("GET", `/v1/organizations/${orgId}/audit-log`, { token: owner.token })).body.data
      .entries as any[];
    const people = await env.DB.prepare("SELECT id, username, email FROM users WHERE id IN (?, ?, ?)")
      .bind(owner.id, admin.id, member.id)
      .all<{ id: string; username: string; email: string }>();
    const byId = new Map(people.results.map((p) => [p.id, p]));
    expect(entries[0]).toMatchObject({
      action: "session.created",
      actor: { user_id: null, username: null, email: null, credential: expect.stringMatching(/^api_key:/) },
    });
    for (const e of entries.filter((x) => x.actor.user_id)) {
      const person = byId.get(e.actor.user_id)!;
      expect(e.actor, e.action).toMatchObject({ username: person.username, email: person.email });
    }
    expect(entries.some((e) => e.actor.user_id === admin.id)).toBe(true);
    // Another organization's log (names included) stays a 404 to a stranger.
    const stranger = await registerUser();
    expectErrorEnvelope(
      await api("GET", `/v1/organizations/${orgId}/audit-log`, { token: stranger.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });

  it("every entry carries the request id and client address of the request that made it", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const headers = { ...asOrg(orgId), "x-request-id": "req-every-row", "cf-connecting-ip": "198.51.100.23" };
    await api("POST", "/v1/webhooks", {
      token: owner.token,
      headers,
      body: { url: "https://hooks.example.com/a", events: ["session.completed"], active: false },
    });
    await api("POST", "/v1/api-keys", { token: owner.token, headers, body: { name: "k", scopes: ["profile"] } });
    await api("POST", "/v1/sessions", { token: owner.token, headers, body: validSession() });
    const entries = (await api("GET", `/v1/organizations/${orgId}/audit-log`, { token: owner.token })).body.data
      .entries as any[];
    expect(entries.slice(0, 3).map((e) => e.action)).toEqual(["session.created", "api_key.created", "webhook.created"]);
    for (const e of entries.slice(0, 3)) expect(e).toMatchObject({ request_id: "req-every-row", ip: "198.51.100.23" });
    for (const e of entries) {
      expect(e.request_id, e.action).toMatch(/\S/);
      expect(e.ip, e.action).toMatch(/\S/);
    }
  });
});

describe("X-Organization-Id", () => {
  it("a member acts for the organization; a non-member's org id is a 404; a malformed one a 400", async () => {
    const { orgId, member } = await organizationWithTeam();
    const me = await api("GET", "/v1/users/me", { token: member.token, headers: { "X-Organization-Id": orgId } });
    expect(me.status).toBe(200);
    const stranger = await registerUser();
    const err = expectErrorEnvelope(
      await api("GET", "/v1/users/me", { token: stranger.token, headers: { "X-Organization-Id": orgId } }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(err.details.resource).toBe("organization");
    const bad = expectErrorEnvelope(
      await api("GET", "/v1/users/me", { token: stranger.token, headers: { "X-Organization-Id": "acme" } }),
      400,
      "INVALID_FIELD_VALUE",
    );
    expect(bad.details).toMatchObject({ field: "X-Organization-Id", location: "header" });
  });

  it("a removed member's next request with the header is refused, whatever the token says", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    const headers = { "X-Organization-Id": orgId };
    expect((await api("GET", "/v1/users/me", { token: member.token, headers })).status).toBe(200);
    await api("DELETE", `/v1/organizations/${orgId}/members/${member.id}`, { token: owner.token });
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: member.token, headers }), 404, "RESOURCE_NOT_FOUND");
    expect((await api("GET", "/v1/users/me", { token: member.token })).status).toBe(200);
  });

  it("is documented once as a reusable header parameter on authenticated operations", async () => {
    const doc = await servedOpenApiDocument();
    expect(doc.components.parameters.OrganizationId).toMatchObject({ in: "header", name: "x-organization-id" });
    const ref = { $ref: "#/components/parameters/OrganizationId" };
    expect(doc.paths["/sessions"].post.parameters).toContainEqual(ref);
    expect(doc.paths["/organizations/{organization_id}/members"].get.parameters).toContainEqual(ref);
    expect(doc.paths["/auth/login"].post.parameters ?? []).not.toContainEqual(ref);
  });

  it("pending invitations are not membership", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    const invitee = await registerUser();
    await invite(owner, orgId, invitee.email);
    expectErrorEnvelope(
      await api("GET", `/v1/organizations/${orgId}`, { token: invitee.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });
});
describe("the audit log is append-only", () => {
  it("the database refuses to update or delete an entry", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    const update = env.DB.prepare("UPDATE audit_log SET action = 'x' WHERE organization_id = ?").bind(orgId);
    await expect(update.run()).rejects.toThrow(/append-only/);
    const remove = env.DB.prepare("DELETE FROM audit_log WHERE organization_id = ?").bind(orgId);
    await expect(remove.run()).rejects.toThrow(/append-only/);
  });
});
