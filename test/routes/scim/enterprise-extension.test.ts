import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectScimError, PATCH_SCHEMA, scim, scimOrganization, USER_SCHEMA, userResource } from "../../support/scim";

const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

async function created(connection: Parameters<typeof scim>[0], body: unknown) {
  const res = await scim(connection, "POST", "/Users", { body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const patch = (connection: Parameters<typeof scim>[0], id: string, Operations: unknown[]) =>
  scim(connection, "PATCH", `/Users/${id}`, { body: { schemas: [PATCH_SCHEMA], Operations } });

const filtered = (connection: Parameters<typeof scim>[0], filter: string) =>
  scim(connection, "GET", `/Users?filter=${encodeURIComponent(filter)}`);

describe("SCIM Enterprise User extension (RFC 7643 §4.3)", () => {
  it("discovery: /Schemas lists the extension's attributes and the User resource type names it", async () => {
    const { connection } = await scimOrganization();
    const schema = await scim(connection, "GET", `/Schemas/${ENTERPRISE}`);
    expect(schema.status, schema.text).toBe(200);
    expect(schema.body).toMatchObject({ id: ENTERPRISE, name: "EnterpriseUser" });
    const byName = Object.fromEntries(schema.body.attributes.map((a: { name: string }) => [a.name, a]));
    expect(Object.keys(byName).sort()).toEqual(
      ["costCenter", "department", "division", "employeeNumber", "manager", "organization"].sort(),
    );
    expect(byName.employeeNumber).toMatchObject({
      type: "string",
      multiValued: false,
      required: false,
      caseExact: false,
      mutability: "readWrite",
      returned: "default",
      uniqueness: "none",
    });
    expect(byName.manager.type).toBe("complex");
    const subs = Object.fromEntries(byName.manager.subAttributes.map((a: { name: string }) => [a.name, a]));
    expect(subs.value).toMatchObject({ type: "string", mutability: "readWrite" });
    expect(subs.$ref).toMatchObject({ type: "reference", referenceTypes: ["User"] });
    expect(subs.displayName).toMatchObject({ mutability: "readOnly" });

    const all = await scim(connection, "GET", "/Schemas");
    expect(all.body.Resources.map((s: { id: string }) => s.id)).toContain(ENTERPRISE);
    const user = await scim(connection, "GET", "/ResourceTypes/User");
    expect(user.body.schemaExtensions).toEqual([{ schema: ENTERPRISE, required: false }]);
    const group = await scim(connection, "GET", "/ResourceTypes/Group");
    expect(group.body.schemaExtensions).toEqual([]);
  });

  it("Entra ID's sequence: POST with the extension, PATCH URN paths add/replace/remove, GET, PUT without it", async () => {
    const { connection, email } = await scimOrganization();
    const boss = await created(connection, userResource(email("boss")));
    const other = await created(connection, userResource(email("other")));
    const userName = email("ada");
    const ada = await created(connection, {
      ...userResource(userName),
      schemas: [USER_SCHEMA, ENTERPRISE],
      [ENTERPRISE]: { employeeNumber: "701", department: "Research", manager: { value: boss.id } },
    });
    expect(ada.schemas).toEqual([USER_SCHEMA, ENTERPRISE]);
    expect(ada[ENTERPRISE]).toEqual({
      employeeNumber: "701",
      department: "Research",
      manager: { value: boss.id, $ref: `${connection.base_url}/Users/${boss.id}` },
    });

    // Entra ID's default mapping: one operation per attribute, the path prefixed with the URN, the
    // manager as a bare id or as { value }.
    const patched = await patch(connection, ada.id, [
      { op: "Add", path: `${ENTERPRISE}:department`, value: "Eng" },
      { op: "Add", path: `${ENTERPRISE}:costCenter`, value: "CC-4" },
      { op: "Replace", path: `${ENTERPRISE}:organization`, value: "Contoso" },
      { op: "Add", path: `${ENTERPRISE}:division`, value: "Cloud" },
      { op: "Replace", path: `${ENTERPRISE}:manager`, value: other.id },
      { op: "Replace", path: "displayName", value: "Ada L." },
    ]);
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body[ENTERPRISE]).toEqual({
      employeeNumber: "701",
      department: "Eng",
      costCenter: "CC-4",
      organization: "Contoso",
      division: "Cloud",
      manager: { value: other.id, $ref: `${connection.base_url}/Users/${other.id}` },
    });
    expect(patched.body.displayName).toBe("Ada L.");

    const again = await patch(connection, ada.id, [
      { op: "Add", path: `${ENTERPRISE}:manager`, value: { value: boss.id, displayName: "ignored: read-only" } },
      { op: "Remove", path: `${ENTERPRISE}:costCenter` },
      { op: "Remove", path: `${ENTERPRISE}:division` },
    ]);
    expect(again.status, again.text).toBe(200);
    expect(again.body[ENTERPRISE]).toEqual({
      employeeNumber: "701",
      department: "Eng",
      organization: "Contoso",
      manager: { value: boss.id, $ref: `${connection.base_url}/Users/${boss.id}` },
    });

    // Entra ID clears the manager with a Remove that carries the old manager's id.
    const cleared = await patch(connection, ada.id, [
      { op: "Remove", path: `${ENTERPRISE}:manager`, value: [{ value: boss.id }] },
    ]);
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body[ENTERPRISE].manager).toBeUndefined();

    const got = await scim(connection, "GET", `/Users/${ada.id}`);
    expect(got.status).toBe(200);
    expect(got.body.schemas).toEqual([USER_SCHEMA, ENTERPRISE]);
    expect(got.body[ENTERPRISE]).toEqual({ employeeNumber: "701", department: "Eng", organization: "Contoso" });
    const listed = await filtered(connection, `userName eq "${userName}"`);
    expect(listed.body.Resources[0][ENTERPRISE]).toEqual(got.body[ENTERPRISE]);

    // PUT replaces the resource: without the extension, the extension is gone.
    const put = await scim(connection, "PUT", `/Users/${ada.id}`, { body: userResource(userName) });
    expect(put.status, put.text).toBe(200);
    expect(put.body.schemas).toEqual([USER_SCHEMA]);
    expect(put.body[ENTERPRISE]).toBeUndefined();
    expect((await scim(connection, "GET", `/Users/${ada.id}`)).body[ENTERPRISE]).toBeUndefined();
  });

  it("PATCH with no path: a value keyed by the URN sets those attributes and leaves the others; remove of the URN clears it", async () => {
    const { connection, email } = await scimOrganization();
    const boss = await created(connection, userResource(email("boss")));
    const ada = await created(connection, {
      ...userResource(email("ada")),
      [ENTERPRISE]: { employeeNumber: "1", division: "Cloud" },
    });
    const res = await patch(connection, ada.id, [
      {
        op: "replace",
        value: {
          title: "Engineer",
          [ENTERPRISE]: { department: "Eng", manager: { value: boss.id } },
          [`${ENTERPRISE}:employeeNumber`]: "2",
        },
      },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.title).toBe("Engineer");
    expect(res.body[ENTERPRISE]).toEqual({
      employeeNumber: "2",
      division: "Cloud",
      department: "Eng",
      manager: { value: boss.id, $ref: `${connection.base_url}/Users/${boss.id}` },
    });
    // A manager.value path (RFC 7644 §3.10 attribute.sub-attribute after the URN).
    const other = await created(connection, userResource(email("other")));
    const sub = await patch(connection, ada.id, [
      { op: "replace", path: `${ENTERPRISE}:manager.value`, value: other.id },
    ]);
    expect(sub.status, sub.text).toBe(200);
    expect(sub.body[ENTERPRISE].manager.value).toBe(other.id);

    const removed = await patch(connection, ada.id, [{ op: "remove", path: ENTERPRISE }]);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.schemas).toEqual([USER_SCHEMA]);
    expect(removed.body[ENTERPRISE]).toBeUndefined();
    expect(removed.body.title).toBe("Engineer");
  });

  it("Okta's body: the extension in POST and PUT, attributes and excludedAttributes by URN", async () => {
    const { connection, email } = await scimOrganization();
    const boss = await created(connection, userResource(email("boss")));
    const userName = email("grace");
    const okta = {
      schemas: [USER_SCHEMA, ENTERPRISE],
      userName,
      name: { givenName: "Grace", familyName: "Hopper" },
      emails: [{ primary: true, value: userName, type: "work" }],
      displayName: "Grace Hopper",
      active: true,
      [ENTERPRISE]: {
        employeeNumber: "E-42",
        costCenter: "Navy",
        organization: "USN",
        division: "Computing",
        department: "Programming",
        manager: { value: boss.id, displayName: "The Boss" },
      },
    };
    const grace = await created(connection, okta);
    expect(grace[ENTERPRISE]).toEqual({
      ...okta[ENTERPRISE],
      manager: { value: boss.id, $ref: `${connection.base_url}/Users/${boss.id}` },
    });

    const put = await scim(connection, "PUT", `/Users/${grace.id}`, {
      body: { ...okta, [ENTERPRISE]: { department: "Compilers" } },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body[ENTERPRISE]).toEqual({ department: "Compilers" });

    const only = await scim(connection, "GET", `/Users/${grace.id}?attributes=${ENTERPRISE}:department,userName`);
    expect(only.body).toEqual({
      schemas: [USER_SCHEMA, ENTERPRISE],
      id: grace.id,
      userName,
      [ENTERPRISE]: { department: "Compilers" },
    });
    const without = await scim(connection, "GET", `/Users/${grace.id}?excludedAttributes=${ENTERPRISE}`);
    expect(without.body[ENTERPRISE]).toBeUndefined();
    expect(without.body.userName).toBe(userName);
  });

  it("filters: employeeNumber, department and manager.value by their URN-qualified names", async () => {
    const { connection, email } = await scimOrganization();
    const boss = await created(connection, userResource(email("boss")));
    const ada = await created(connection, {
      ...userResource(email("ada")),
      [ENTERPRISE]: { employeeNumber: "701", department: "Research", manager: { value: boss.id } },
    });
    await created(connection, { ...userResource(email("bob")), [ENTERPRISE]: { employeeNumber: "702" } });
    const ids = async (filter: string) => {
      const res = await filtered(connection, filter);
      expect(res.status, res.text).toBe(200);
      return res.body.Resources.map((r: { id: string }) => r.id);
    };
    expect(await ids(`${ENTERPRISE}:employeeNumber eq "701"`)).toEqual([ada.id]);
    expect(await ids(`${ENTERPRISE}:department eq "research"`)).toEqual([ada.id]);
    expect(await ids(`${ENTERPRISE}:manager.value eq "${boss.id}"`)).toEqual([ada.id]);
    expect(await ids(`${ENTERPRISE}:employeeNumber pr`)).toHaveLength(2);
    expectScimError(await filtered(connection, `${ENTERPRISE}:manager.displayName eq "x"`), 400, "invalidFilter");
  });

  it("a manager must be another User of the same connection: anything else is 400 invalidValue", async () => {
    const first = await scimOrganization();
    const second = await scimOrganization();
    const foreign = await created(second.connection, userResource(second.email("foreign")));
    const ada = await created(first.connection, userResource(first.email("ada")));

    for (const manager of [{ value: "no-such-user" }, { value: foreign.id }, foreign.id]) {
      const post = await scim(first.connection, "POST", "/Users", {
        body: { ...userResource(first.email("x")), [ENTERPRISE]: { manager } },
      });
      expectScimError(post, 400, "invalidValue");
    }
    expectScimError(
      await patch(first.connection, ada.id, [{ op: "add", path: `${ENTERPRISE}:manager`, value: foreign.id }]),
      400,
      "invalidValue",
    );
    expectScimError(
      await patch(first.connection, ada.id, [{ op: "add", path: `${ENTERPRISE}:manager`, value: ada.id }]),
      400,
      "invalidValue",
    );
    expectScimError(
      await scim(first.connection, "PUT", `/Users/${ada.id}`, {
        body: { ...userResource(ada.userName), [ENTERPRISE]: { manager: { value: foreign.id } } },
      }),
      400,
      "invalidValue",
    );
    // Nothing of the other connection's user was written or is found through this connection.
    const got = await scim(first.connection, "GET", `/Users/${ada.id}`);
    expect(got.body[ENTERPRISE]).toBeUndefined();
    expect(got.body.meta.version).toBe('W/"1"');
    const byManager = await filtered(first.connection, `${ENTERPRISE}:manager.value eq "${foreign.id}"`);
    expect(byManager.body.totalResults).toBe(0);
  });

  it("deleting a manager clears it from the users it managed, with a new version", async () => {
    const { connection, email } = await scimOrganization();
    const boss = await created(connection, userResource(email("boss")));
    const ada = await created(connection, {
      ...userResource(email("ada")),
      [ENTERPRISE]: { department: "Eng", manager: { value: boss.id } },
    });
    const del = await scim(connection, "DELETE", `/Users/${boss.id}`);
    expect(del.status, del.text).toBe(204);
    const got = await scim(connection, "GET", `/Users/${ada.id}`);
    expect(got.body[ENTERPRISE]).toEqual({ department: "Eng" });
    expect(got.body.meta.version).toBe('W/"2"');
    // The next write from the directory is not refused for a manager it never set.
    const res = await patch(connection, ada.id, [{ op: "replace", path: "title", value: "Engineer" }]);
    expect(res.status, res.text).toBe(200);
    // A deleted User cannot be named as a manager afterwards.
    expectScimError(
      await patch(connection, ada.id, [{ op: "add", path: `${ENTERPRISE}:manager`, value: boss.id }]),
      400,
      "invalidValue",
    );
  });

  it("a write that raced its manager's DELETE (the reference left behind) goes on without the manager", async () => {
    const { connection, email } = await scimOrganization();
    const boss = await created(connection, userResource(email("boss")));
    const ada = await created(connection, {
      ...userResource(email("ada")),
      [ENTERPRISE]: { department: "Eng", manager: { value: boss.id } },
    });
    // The state a PATCH checked before the DELETE and committed after it leaves: the manager gone, still named.
    const { resource } = (await env.DB.prepare("SELECT resource FROM scim_users WHERE id = ?")
      .bind(ada.id)
      .first<{ resource: string }>())!;
    expect((await scim(connection, "DELETE", `/Users/${boss.id}`)).status).toBe(204);
    await env.DB.prepare("UPDATE scim_users SET resource = ? WHERE id = ?").bind(resource, ada.id).run();

    const res = await patch(connection, ada.id, [{ op: "replace", path: "title", value: "Engineer" }]);
    expect(res.status, res.text).toBe(200);
    expect(res.body[ENTERPRISE]).toEqual({ department: "Eng" });
  });
});
