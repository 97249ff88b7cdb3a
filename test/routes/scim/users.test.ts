import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { auditActions } from "../../support/organizations";
import { expectScimError, PATCH_SCHEMA, scim, scimOrganization, USER_SCHEMA, userResource } from "../../support/scim";

const one = (sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<Record<string, unknown>>();

async function roleIn(orgId: string, userId: string) {
  return (await one("SELECT role FROM organization_members WHERE organization_id = ? AND user_id = ?", orgId, userId))
    ?.role;
}

/** Nothing was written for `email`: no account, no directory user, no membership. */
async function expectNothingFor(email: string) {
  expect(await one("SELECT id FROM users WHERE email = ?", email.toLowerCase())).toBeNull();
  expect(await one("SELECT id FROM scim_users WHERE user_name = ?", email.toLowerCase())).toBeNull();
}

describe("SCIM Users (RFC 7644 §3)", () => {
  it("POST creates the account and the membership, in SCIM's format, with Location and ETag", async () => {
    const { owner, orgId, connection, email } = await scimOrganization();
    const userName = email("ada");
    const res = await scim(connection, "POST", "/Users", { body: userResource(userName, { externalId: "00u1" }) });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/scim\+json/);
    expect(res.body).toMatchObject({
      schemas: [USER_SCHEMA],
      userName,
      externalId: "00u1",
      active: true,
      name: { givenName: "Ada", familyName: "Lovelace" },
      meta: { resourceType: "User", version: 'W/"1"' },
    });
    expect(res.headers.get("location")).toBe(`${connection.base_url}/Users/${res.body.id}`);
    expect(res.body.meta.location).toBe(res.headers.get("location"));
    expect(res.headers.get("etag")).toBe('W/"1"');

    const account = await one("SELECT id, role, email_verified_at FROM users WHERE email = ?", userName);
    expect(account).toMatchObject({ role: "user" });
    expect(await roleIn(orgId, account?.id as string)).toBe("member");
    expect(await auditActions(orgId)).toEqual(expect.arrayContaining(["scim.user_provisioned", "member.joined"]));
    // The members list shows who the directory manages.
    const members = await api("GET", `/v1/organizations/${orgId}/members`, { token: owner.token });
    const managed = Object.fromEntries(
      members.body.data.members.map((m: { user_id: string; managed_by: string | null }) => [m.user_id, m.managed_by]),
    );
    expect(managed).toEqual({ [owner.id]: null, [account?.id as string]: connection.id });

    const again = await scim(connection, "POST", "/Users", { body: userResource(userName.toUpperCase()) });
    expectScimError(again, 409, "uniqueness");
  });

  it("GET by id, list with filter userName eq, startIndex and count, attributes", async () => {
    const { connection, email } = await scimOrganization();
    const names = [email("a"), email("b"), email("c")];
    const ids: string[] = [];
    for (const n of names) {
      const r = await scim(connection, "POST", "/Users", { body: userResource(n) });
      expect(r.status, r.text).toBe(201);
      ids.push(r.body.id);
    }
    const got = await scim(connection, "GET", `/Users/${ids[1]}`);
    expect(got.status).toBe(200);
    expect(got.body.userName).toBe(names[1]);

    const filtered = await scim(
      connection,
      "GET",
      `/Users?filter=${encodeURIComponent(`userName eq "${names[2]?.toUpperCase()}"`)}`,
    );
    expect(filtered.status).toBe(200);
    expect(filtered.body).toMatchObject({
      schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
    });
    expect(filtered.body.Resources[0].id).toBe(ids[2]);
    const none = await scim(connection, "GET", `/Users?filter=${encodeURIComponent('userName eq "nobody@x.example"')}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });

    const page = await scim(connection, "GET", "/Users?startIndex=2&count=1");
    expect(page.body).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(page.body.Resources.map((r: { id: string }) => r.id)).toEqual([ids[1]]);

    const slim = await scim(connection, "GET", `/Users/${ids[0]}?attributes=userName`);
    expect(Object.keys(slim.body).sort()).toEqual(["id", "schemas", "userName"]);

    expectScimError(
      await scim(connection, "GET", `/Users?filter=${encodeURIComponent('title co "a"')}`),
      400,
      "invalidFilter",
    );
    expectScimError(
      await scim(connection, "GET", `/Users?filter=${encodeURIComponent("userName eq")}`),
      400,
      "invalidFilter",
    );
    expectScimError(await scim(connection, "GET", "/Users/00000000-0000-0000-0000-000000000000"), 404);
  });

  it("PUT replaces the attributes; PATCH changes them (Okta's and Entra ID's forms); If-Match guards", async () => {
    const { connection, email } = await scimOrganization();
    const userName = email("grace");
    const created = await scim(connection, "POST", "/Users", { body: userResource(userName) });
    const id = created.body.id as string;

    const put = await scim(connection, "PUT", `/Users/${id}`, {
      body: userResource(userName, { name: { givenName: "Grace", familyName: "Hopper" }, title: "Rear Admiral" }),
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: { givenName: "Grace", familyName: "Hopper" }, title: "Rear Admiral" });
    expect(put.body.meta.version).toBe('W/"2"');

    const okta = await scim(connection, "PATCH", `/Users/${id}`, {
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", value: { displayName: "Amazing Grace" } }] },
    });
    expect(okta.status, okta.text).toBe(200);
    expect(okta.body.displayName).toBe("Amazing Grace");
    const entra = await scim(connection, "PATCH", `/Users/${id}`, {
      body: {
        schemas: [PATCH_SCHEMA],
        Operations: [
          { op: "Replace", path: "name.givenName", value: "G." },
          { op: "Add", path: 'emails[type eq "work"].value', value: userName },
        ],
      },
    });
    expect(entra.status, entra.text).toBe(200);
    expect(entra.body.name).toEqual({ givenName: "G.", familyName: "Hopper" });

    const stale = await scim(connection, "PATCH", `/Users/${id}`, {
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", path: "title", value: "x" }] },
      headers: { "if-match": 'W/"1"' },
    });
    expectScimError(stale, 412);
    const bad = await scim(connection, "PATCH", `/Users/${id}`, { body: { Operations: [{ op: "replace" }] } });
    expectScimError(bad, 400, "invalidSyntax");
    expect((await scim(connection, "GET", `/Users/${id}`)).body.title).toBe("Rear Admiral");
  });

  it("DELETE removes the directory user and the membership; the account stays", async () => {
    const { orgId, connection, email } = await scimOrganization();
    const userName = email("del");
    const created = await scim(connection, "POST", "/Users", { body: userResource(userName) });
    const account = await one("SELECT id FROM users WHERE email = ?", userName);
    const res = await scim(connection, "DELETE", `/Users/${created.body.id}`);
    expect(res.status).toBe(204);
    expectScimError(await scim(connection, "GET", `/Users/${created.body.id}`), 404);
    expect(await roleIn(orgId, account?.id as string)).toBeUndefined();
    expect(await one("SELECT id FROM users WHERE id = ?", account?.id)).not.toBeNull();
    expect(await auditActions(orgId)).toEqual(expect.arrayContaining(["scim.user_deleted", "member.removed"]));
  });

  it("links an account whose holder verified the email; refuses one nobody verified (409), linking nothing", async () => {
    const { orgId, connection, email } = await scimOrganization();
    const verified = await registerUser({ email: email("verified") });
    const linked = await scim(connection, "POST", "/Users", { body: userResource(verified.email) });
    expect(linked.status, linked.text).toBe(201);
    expect(await roleIn(orgId, verified.id)).toBe("member");

    const unverified = await registerUser({ email: email("unverified") }, { verified: false });
    const refused = await scim(connection, "POST", "/Users", { body: userResource(unverified.email) });
    expectScimError(refused, 409, "uniqueness");
    expect(await roleIn(orgId, unverified.id)).toBeUndefined();
    expect(await one("SELECT id FROM scim_users WHERE user_id = ?", unverified.id)).toBeNull();
  });
});

describe("SCIM discovery and protocol edges", () => {
  it("discovery documents; other methods on them are 405, unknown paths 404, in SCIM's format", async () => {
    const { connection } = await scimOrganization();
    const spc = await scim(connection, "GET", "/ServiceProviderConfig");
    expect(spc.status).toBe(200);
    expect(spc.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      etag: { supported: true },
    });
    const types = await scim(connection, "GET", "/ResourceTypes");
    expect(types.body.Resources.map((t: { id: string }) => t.id)).toEqual(["User", "Group"]);
    const schema = await scim(connection, "GET", `/Schemas/${USER_SCHEMA}`);
    expect(schema.body.attributes.map((a: { name: string }) => a.name)).toContain("userName");
    const post = await scim(connection, "POST", "/ServiceProviderConfig", { body: {} });
    expectScimError(post, 405);
    expect(post.headers.get("allow")).toBe("GET");
    expectScimError(await scim(connection, "GET", "/Nothing"), 404);
    expectScimError(await scim(connection, "GET", "/Schemas/urn:nothing"), 404);
  });

  it("POST /.search at the base URL finds Users and Groups; a body that is not JSON is invalidSyntax", async () => {
    const { connection, email } = await scimOrganization();
    const user = await scim(connection, "POST", "/Users", { body: userResource(email("s")) });
    const group = await scim(connection, "POST", "/Groups", {
      body: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: "Readers" },
    });
    const all = await scim(connection, "POST", "/.search", {
      body: { schemas: ["urn:ietf:params:scim:api:messages:2.0:SearchRequest"] },
    });
    expect(all.status, all.text).toBe(200);
    expect(all.body.totalResults).toBe(2);
    expect(all.body.Resources.map((r: { id: string }) => r.id)).toEqual([user.body.id, group.body.id]);
    const byName = await scim(connection, "POST", "/.search", {
      body: { filter: `userName eq "${user.body.userName}"` },
    });
    expect(byName.body.Resources.map((r: { id: string }) => r.id)).toEqual([user.body.id]);
    const raw = await api("POST", `/scim/v2/${connection.id}/Users`, {
      token: connection.token,
      raw: "{not json",
      headers: { "content-type": "application/scim+json" },
    });
    expectScimError(raw, 400, "invalidSyntax");
  });

  it("a user created without `active` is active (a member) and is returned without it", async () => {
    const { orgId, connection, email } = await scimOrganization();
    const { active: _omitted, ...body } = userResource(email("noactive"));
    const res = await scim(connection, "POST", "/Users", { body });
    expect(res.status, res.text).toBe(201);
    expect(res.body.active).toBeUndefined();
    const account = await one("SELECT id FROM users WHERE email = ?", res.body.userName);
    expect(await roleIn(orgId, account?.id as string)).toBe("member");
  });
});

describe("SCIM Users: attacks refused with nothing created or linked", () => {
  it("a userName or an email outside the organization's verified domains (400 invalidValue)", async () => {
    const { orgId, connection, email } = await scimOrganization();
    const foreign = `victim.${crypto.randomUUID().slice(0, 8)}@elsewhere.example`;
    expectScimError(await scim(connection, "POST", "/Users", { body: userResource(foreign) }), 400, "invalidValue");
    await expectNothingFor(foreign);
    const mixed = email("mixed");
    const res = await scim(connection, "POST", "/Users", {
      body: userResource(mixed, { emails: [{ value: foreign, primary: true }] }),
    });
    expectScimError(res, 400, "invalidValue");
    await expectNothingFor(mixed);

    // An existing account in a foreign domain is not linked either, nor moved by a PUT later.
    const victim = await registerUser();
    expectScimError(
      await scim(connection, "POST", "/Users", { body: userResource(victim.email) }),
      400,
      "invalidValue",
    );
    expect(await roleIn(orgId, victim.id)).toBeUndefined();
    const ok = await scim(connection, "POST", "/Users", { body: userResource(email("ok")) });
    const put = await scim(connection, "PUT", `/Users/${ok.body.id}`, { body: userResource(victim.email) });
    expectScimError(put, 400, "invalidValue");
  });

  it("a domain the organization added but never verified, or another organization's verified domain", async () => {
    const { owner, orgId, connection } = await scimOrganization();
    const pending = `pending-${crypto.randomUUID().slice(0, 8)}.example`;
    const added = await api("POST", `/v1/organizations/${orgId}/sso/domains`, {
      token: owner.token,
      body: { domain: pending },
    });
    expect(added.status).toBe(201);
    const address = `ada@${pending}`;
    expectScimError(await scim(connection, "POST", "/Users", { body: userResource(address) }), 400, "invalidValue");
    await expectNothingFor(address);

    const other = await scimOrganization();
    const theirs = other.email("theirs");
    expectScimError(await scim(connection, "POST", "/Users", { body: userResource(theirs) }), 400, "invalidValue");
    await expectNothingFor(theirs);
  });

  it("another organization's token, a revoked token, no token: 401 on every endpoint, nothing created", async () => {
    const a = await scimOrganization();
    const b = await scimOrganization();
    const target = a.email("target");
    for (const token of [b.connection.token, null, "sascim_forged", `Basic ${a.connection.token}`]) {
      const res = await scim(a.connection, "POST", "/Users", { body: userResource(target), token });
      expectScimError(res, 401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expectScimError(await scim(a.connection, "GET", "/Users", { token }), 401);
      expectScimError(await scim(a.connection, "GET", "/ServiceProviderConfig", { token }), 401);
    }
    await expectNothingFor(target);

    const revoked = await api("DELETE", `/v1/organizations/${a.orgId}/scim/connections/${a.connection.id}`, {
      token: a.owner.token,
    });
    expect(revoked.status).toBe(200);
    expectScimError(await scim(a.connection, "POST", "/Users", { body: userResource(target) }), 401);
    await expectNothingFor(target);
  });

  it("a SCIM token is no /v1 credential: it reaches no organization, account or administrator endpoint", async () => {
    const { orgId, connection } = await scimOrganization();
    for (const p of [`/v1/organizations/${orgId}`, "/v1/users/me", "/v1/admin/analytics/users"]) {
      const res = await api("GET", p, { token: connection.token });
      expect(res.status, `${p}: ${res.text}`).toBe(401);
    }
  });

  it("a directory user of one connection is not reachable through another's", async () => {
    const a = await scimOrganization();
    const b = await scimOrganization();
    const created = await scim(a.connection, "POST", "/Users", { body: userResource(a.email("mine")) });
    expectScimError(await scim(b.connection, "GET", `/Users/${created.body.id}`), 404);
    expectScimError(
      await scim(b.connection, "PATCH", `/Users/${created.body.id}`, {
        body: { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", value: { active: false } }] },
      }),
      404,
    );
    expectScimError(await scim(b.connection, "DELETE", `/Users/${created.body.id}`), 404);
    expect((await scim(a.connection, "GET", `/Users/${created.body.id}`)).body.active).toBe(true);
  });
});
