import { describe, expect, it } from "vitest";
import { apiClient, dataOf } from "./support/api";
import { sharedServer } from "./support/shared-server";

// An identity provider's provisioning against `wrangler dev`, in the order and shapes Okta's and
// Entra ID's provisioning send (docs/sso.md "SCIM"): look the user up by userName, create them,
// update attributes (Okta's PUT, Entra ID's PATCH with "Replace" and string booleans), push a group,
// deactivate (the member's token stops reaching the organization), reactivate, remove from the
// group, delete.
describe("SCIM provisioning against wrangler dev", () => {
  const server = sharedServer();
  const { call, verify } = apiClient(() => server.url);
  const SCIM_JSON = { "content-type": "application/scim+json" };
  const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
  const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

  it("create, update, group, deactivate, reactivate, delete — the membership follows each step", async () => {
    const domain = `scim-e2e-${Date.now().toString(36)}.example`;
    const register = async (email: string) => {
      const reg = await call("POST", "/v1/auth/register", undefined, {
        email,
        username: email.split("@")[0],
        password: "correct-horse-42",
        tier: "basic",
        marketing_consent: false,
      });
      await verify(reg);
      return { id: reg.body.data.user.id as string, token: reg.body.data.token as string };
    };
    const owner = await register(`owner.${Date.now()}@example.com`);
    const orgId = dataOf(await call("POST", "/v1/organizations", owner.token, { name: "Directory Co" })).id as string;
    const added = dataOf(await call("POST", `/v1/organizations/${orgId}/sso/domains`, owner.token, { domain }));
    dataOf(await call("POST", `/v1/organizations/${orgId}/sso/domains/${added.id}/verify`, owner.token));
    const connection = dataOf(
      await call("POST", `/v1/organizations/${orgId}/scim/connections`, owner.token, {
        name: "Okta",
        group_roles: { "Session Admins": "admin" },
      }),
    ) as { id: string; token: string; base_url: string };
    expect(connection.base_url).toBe(`${server.url}/scim/v2/${connection.id}`);
    const scim = (method: string, path: string, body?: unknown) =>
      call(method, `/scim/v2/${connection.id}${path}`, connection.token, body, SCIM_JSON);

    // The person already has an account here (a verified address in the domain): it is linked.
    const person = await register(`ada.${Date.now()}@${domain}`);
    const email = (await call("GET", "/v1/users/me", person.token)).body.data.email as string;
    const member = () =>
      call("GET", `/v1/organizations/${orgId}`, person.token, undefined, { "x-organization-id": orgId });
    const roleOf = async () => {
      const list = dataOf(await call("GET", `/v1/organizations/${orgId}/members`, owner.token));
      return (list.members as Array<{ user_id: string; role: string }>).find((m) => m.user_id === person.id)?.role;
    };

    const config = await scim("GET", "/ServiceProviderConfig");
    expect(config.status).toBe(200);
    expect(config.body.patch.supported).toBe(true);
    const lookup = await scim(
      "GET",
      `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`,
    );
    expect(lookup.body).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim("POST", "/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", ENTERPRISE],
      userName: email,
      name: { givenName: "Ada", familyName: "Lovelace" },
      emails: [{ primary: true, value: email, type: "work" }],
      displayName: "Ada Lovelace",
      locale: "en-US",
      externalId: "00u1abcd",
      active: true,
      [ENTERPRISE]: { employeeNumber: "701", department: "Research" },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get("content-type")).toMatch(/^application\/scim\+json/);
    const id = created.body.id as string;
    expect(await roleOf()).toBe("member");
    expect((await member()).status).toBe(200);

    // Okta pushes profile updates with PUT; Entra ID with PATCH.
    const put = await scim("PUT", `/Users/${id}`, { ...created.body, title: "Analyst" });
    expect(put.status, put.text).toBe(200);
    expect(put.body.title).toBe("Analyst");
    const entra = await scim("PATCH", `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        { op: "Replace", path: "displayName", value: "Countess Lovelace" },
        { op: "Add", path: "name.familyName", value: "King" },
        { op: "Add", path: `${ENTERPRISE}:department`, value: "Engineering" },
      ],
    });
    expect(entra.status, entra.text).toBe(200);
    expect(entra.body).toMatchObject({
      displayName: "Countess Lovelace",
      name: { familyName: "King" },
      [ENTERPRISE]: { employeeNumber: "701", department: "Engineering" },
    });

    const group = await scim("POST", "/Groups", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
      displayName: "Session Admins",
      members: [{ value: id, display: email }],
    });
    expect(group.status, group.text).toBe(201);
    expect(await roleOf()).toBe("admin");

    // Entra ID deactivates with the string "False".
    const off = await scim("PATCH", `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: "Replace", path: "active", value: "False" }],
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await roleOf()).toBeUndefined();
    expect((await member()).status).toBe(404);
    expect((await call("GET", "/v1/users/me", person.token)).status).toBe(200);

    const on = await scim("PATCH", `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: "replace", value: { active: true } }],
    });
    expect(on.status, on.text).toBe(200);
    expect(await roleOf()).toBe("admin");
    expect((await member()).status).toBe(200);

    const removed = await scim("PATCH", `/Groups/${group.body.id}`, {
      schemas: [PATCH],
      Operations: [{ op: "remove", path: `members[value eq "${id}"]` }],
    });
    expect(removed.status, removed.text).toBe(200);
    expect(await roleOf()).toBe("member");

    expect((await scim("DELETE", `/Users/${id}`)).status).toBe(204);
    expect((await scim("GET", `/Users/${id}`)).status).toBe(404);
    expect(await roleOf()).toBeUndefined();
    expect((await member()).status).toBe(404);

    const audit = dataOf(await call("GET", `/v1/organizations/${orgId}/audit-log?limit=100`, owner.token));
    const actions = audit.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "scim.user_provisioned",
        "scim.user_deprovisioned",
        "scim.user_reactivated",
        "scim.user_deleted",
      ]),
    );
  });
});
