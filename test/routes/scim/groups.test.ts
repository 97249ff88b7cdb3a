import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { auditActions, createOrganization } from "../../support/organizations";
import {
  createScimConnection,
  expectScimError,
  GROUP_SCHEMA,
  PATCH_SCHEMA,
  scim,
  scimOrganization,
  userResource,
} from "../../support/scim";
import { uniqueDomain } from "../../support/sso";

const roleIn = async (orgId: string, userId: string) =>
  (
    await env.DB.prepare("SELECT role FROM organization_members WHERE organization_id = ? AND user_id = ?")
      .bind(orgId, userId)
      .first<{ role: string }>()
  )?.role;

const accountOf = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())?.id as string;

const patch = (...Operations: unknown[]) => ({ body: { schemas: [PATCH_SCHEMA], Operations } });

describe("SCIM Groups (RFC 7643 §4.2): members by PATCH, mapped to roles", () => {
  it("create, get, list by displayName, PATCH add and remove members (the role follows), DELETE", async () => {
    const { orgId, connection, email } = await scimOrganization({ "Session Admins": "admin" });
    const ada = await scim(connection, "POST", "/Users", { body: userResource(email("ada")) });
    const bob = await scim(connection, "POST", "/Users", { body: userResource(email("bob")) });
    const adaId = await accountOf(ada.body.userName);
    const bobId = await accountOf(bob.body.userName);

    const created = await scim(connection, "POST", "/Groups", {
      body: { schemas: [GROUP_SCHEMA], displayName: "Session Admins", members: [{ value: ada.body.id }] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      schemas: [GROUP_SCHEMA],
      displayName: "Session Admins",
      members: [{ value: ada.body.id, $ref: `${connection.base_url}/Users/${ada.body.id}` }],
      meta: { resourceType: "Group", version: 'W/"1"' },
    });
    expect(created.headers.get("location")).toBe(`${connection.base_url}/Groups/${created.body.id}`);
    expect(await roleIn(orgId, adaId)).toBe("admin");
    expect(await roleIn(orgId, bobId)).toBe("member");

    const got = await scim(connection, "GET", `/Groups/${created.body.id}`);
    expect(got.body.members.map((m: { value: string }) => m.value)).toEqual([ada.body.id]);
    const listed = await scim(
      connection,
      "GET",
      `/Groups?filter=${encodeURIComponent('displayName eq "session admins"')}`,
    );
    expect(listed.body).toMatchObject({ totalResults: 1 });
    expect(listed.body.Resources[0].id).toBe(created.body.id);

    // Entra ID's form: add by value list; Okta's: remove with a value filter in the path.
    const added = await scim(
      connection,
      "PATCH",
      `/Groups/${created.body.id}`,
      patch({ op: "Add", path: "members", value: [{ value: bob.body.id }] }),
    );
    expect(added.status, added.text).toBe(200);
    expect(added.body.members).toHaveLength(2);
    expect(await roleIn(orgId, bobId)).toBe("admin");
    const removed = await scim(
      connection,
      "PATCH",
      `/Groups/${created.body.id}`,
      patch({ op: "remove", path: `members[value eq "${ada.body.id}"]` }),
    );
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.members.map((m: { value: string }) => m.value)).toEqual([bob.body.id]);
    expect(await roleIn(orgId, adaId)).toBe("member");

    const deleted = await scim(connection, "DELETE", `/Groups/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expectScimError(await scim(connection, "GET", `/Groups/${created.body.id}`), 404);
    expect(await roleIn(orgId, bobId)).toBe("member");
    expect(await auditActions(orgId)).toEqual(
      expect.arrayContaining(["scim.group_created", "scim.group_updated", "scim.group_deleted", "member.role_changed"]),
    );
  });

  it("a member that is not a User of this connection is refused, nothing created", async () => {
    const a = await scimOrganization();
    const b = await scimOrganization();
    const theirs = await scim(b.connection, "POST", "/Users", { body: userResource(b.email("theirs")) });
    const res = await scim(a.connection, "POST", "/Groups", {
      body: { schemas: [GROUP_SCHEMA], displayName: "Staff", members: [{ value: theirs.body.id }] },
    });
    expectScimError(res, 400, "invalidValue");
    expect((await scim(a.connection, "GET", "/Groups")).body.totalResults).toBe(0);
    const dup = await scim(a.connection, "POST", "/Groups", {
      body: { schemas: [GROUP_SCHEMA], displayName: "Staff" },
    });
    expect(dup.status).toBe(201);
    expectScimError(
      await scim(a.connection, "POST", "/Groups", { body: { schemas: [GROUP_SCHEMA], displayName: "STAFF" } }),
      409,
      "uniqueness",
    );
  });

  it("owner via group: no mapping grants owner, and a group never demotes or promotes an owner", async () => {
    const domain = uniqueDomain("groups");
    const boss = await registerUser({ email: `boss@${domain}` });
    const orgId = await createOrganization(boss);
    const d = await api("POST", `/v1/organizations/${orgId}/sso/domains`, { token: boss.token, body: { domain } });
    await api("POST", `/v1/organizations/${orgId}/sso/domains/${d.body.data.id}/verify`, { token: boss.token });
    const owners = await api("POST", `/v1/organizations/${orgId}/scim/connections`, {
      token: boss.token,
      body: { name: "Evil", group_roles: { Owners: "owner" }, default_role: "owner" },
    });
    expect(owners.status).toBe(422);
    const connection = await createScimConnection(boss, orgId, { group_roles: { Staff: "member", Owners: "admin" } });
    const bossUser = await scim(connection, "POST", "/Users", { body: userResource(boss.email) });
    const eve = await scim(connection, "POST", "/Users", { body: userResource(`eve@${domain}`) });
    const group = await scim(connection, "POST", "/Groups", {
      body: {
        schemas: [GROUP_SCHEMA],
        displayName: "Owners",
        members: [{ value: eve.body.id }, { value: bossUser.body.id }],
      },
    });
    expect(group.status, group.text).toBe(201);
    expect(await roleIn(orgId, await accountOf(`eve@${domain}`))).toBe("admin");
    expect(await roleIn(orgId, boss.id)).toBe("owner");
    const staff = await scim(connection, "POST", "/Groups", {
      body: { schemas: [GROUP_SCHEMA], displayName: "Staff", members: [{ value: bossUser.body.id }] },
    });
    expect(staff.status).toBe(201);
    await scim(connection, "DELETE", `/Groups/${group.body.id}`);
    expect(await roleIn(orgId, boss.id)).toBe("owner");
    const { results } = await env.DB.prepare(
      "SELECT role FROM organization_members WHERE organization_id = ? AND role = 'owner'",
    )
      .bind(orgId)
      .all();
    expect(results).toHaveLength(1);
  });
});
