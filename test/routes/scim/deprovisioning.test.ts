import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { asOrg, auditActions, createOrganization, openLive, topUpOrganization } from "../../support/organizations";
import { b64, responseXml, signElement } from "../../support/saml";
import { createScimConnection, expectScimError, PATCH_SCHEMA, scim, userResource } from "../../support/scim";
import { heldSession } from "../../support/sessions";
import { samlOrganization, uniqueDomain } from "../../support/sso";

const keys = inject("samlKeys");

/** An IdP-initiated SAML sign-in of `email` through `connection`: the tokens that act for its organization. */
async function signInThroughSso(connection: { id: string; sp: { entityId: string; acsUrl: string } }, email: string) {
  const id = `_d${crypto.randomUUID().replace(/-/g, "")}`;
  const xml = responseXml({
    assertionId: id,
    inResponseTo: null,
    nameId: email,
    audience: connection.sp.entityId,
    recipient: connection.sp.acsUrl,
    destination: connection.sp.acsUrl,
    attributes: { email: [email] },
  });
  const res = await api("POST", `/saml/acs/${connection.id}`, {
    raw: new URLSearchParams({ SAMLResponse: b64(await signElement(xml, id, keys.idp)) }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(res.status, res.text).toBe(200);
  return { token: res.body.data.token as string, refreshToken: res.body.data.refresh_token as string };
}

const deactivate = (active: boolean) => ({
  schemas: [PATCH_SCHEMA],
  Operations: [{ op: "replace", value: { active } }],
});

const roleIn = async (orgId: string, userId: string) =>
  (
    await env.DB.prepare("SELECT role FROM organization_members WHERE organization_id = ? AND user_id = ?")
      .bind(orgId, userId)
      .first<{ role: string }>()
  )?.role;

describe("deprovisioning ends the member's access to the organization in one step", () => {
  it("active: false — membership, SSO sign-ins and their refresh tokens, the API key's reach, live sockets; reactivation restores only the membership", async () => {
    const { owner, orgId, connection: sso, email } = await samlOrganization(keys.idp.cert, uniqueDomain("deprov"));
    const directory = await createScimConnection(owner, orgId);
    const person = await registerUser({ email: email("leaver") });
    const provisioned = await scim(directory, "POST", "/Users", { body: userResource(person.email) });
    expect(provisioned.status, provisioned.text).toBe(201);

    const signIn = await signInThroughSso(sso, person.email);
    const key = await api("POST", "/v1/api-keys", {
      token: person.token,
      body: { name: "laptop", scopes: ["profile", "organizations:read", "remote-viewing:read"] },
    });
    expect(key.status, key.text).toBe(201);
    const apiKey = key.body.data.key as string;
    expect((await api("GET", `/v1/organizations/${orgId}`, { apiKey, headers: asOrg(orgId) })).status).toBe(200);
    await topUpOrganization(orgId);
    const session = await heldSession(signIn.token, {}, asOrg(orgId));
    const live = await openLive(session.id, signIn.token);

    const off = await scim(directory, "PATCH", `/Users/${provisioned.body.id}`, { body: deactivate(false) });
    expect(off.status, off.text).toBe(200);
    expect(off.body.active).toBe(false);

    expect(await roleIn(orgId, person.id)).toBeUndefined();
    expect((await api("GET", `/v1/organizations/${orgId}`, { token: signIn.token })).status).toBe(401);
    const refresh = await api("POST", "/v1/auth/refresh", { body: { refresh_token: signIn.refreshToken } });
    expect(refresh.status, refresh.text).toBe(401);
    expect((await api("GET", `/v1/organizations/${orgId}`, { apiKey, headers: asOrg(orgId) })).status).toBe(404);
    expect(await live.closed).toEqual({ code: 1008, reason: "organization membership ended" });
    // What they made for the organization stays the organization's; their own access stays theirs.
    expect((await api("GET", `/v1/sessions/${session.id}`, { token: owner.token, headers: asOrg(orgId) })).status).toBe(
      200,
    );
    expect((await api("GET", "/v1/users/me", { apiKey })).status).toBe(200);
    expect((await api("POST", "/v1/auth/login", { body: { email: person.email, password: PASSWORD } })).status).toBe(
      200,
    );
    expect(await auditActions(orgId)).toEqual(expect.arrayContaining(["scim.user_deprovisioned", "member.removed"]));

    const on = await scim(directory, "PATCH", `/Users/${provisioned.body.id}`, { body: deactivate(true) });
    expect(on.status, on.text).toBe(200);
    expect(await roleIn(orgId, person.id)).toBe("member");
    expect((await api("GET", `/v1/organizations/${orgId}`, { token: signIn.token })).status).toBe(401);
    expect((await api("POST", "/v1/auth/refresh", { body: { refresh_token: signIn.refreshToken } })).status).toBe(401);
    expect(
      (await api("GET", `/v1/organizations/${orgId}`, { token: person.token, headers: asOrg(orgId) })).status,
    ).toBe(200);
    expect(await auditActions(orgId)).toContain("scim.user_reactivated");
  });

  it("a deactivated person does not come back in by signing on: 403, no membership, nothing issued", async () => {
    const { owner, orgId, connection: sso, email } = await samlOrganization(keys.idp.cert, uniqueDomain("deprov"));
    const directory = await createScimConnection(owner, orgId);
    const person = await registerUser({ email: email("returner") });
    const provisioned = await scim(directory, "POST", "/Users", { body: userResource(person.email) });
    await signInThroughSso(sso, person.email);
    expect((await scim(directory, "PATCH", `/Users/${provisioned.body.id}`, { body: deactivate(false) })).status).toBe(
      200,
    );
    const families = async () =>
      (
        await env.DB.prepare("SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ? AND organization_id = ?")
          .bind(person.id, orgId)
          .first<{ n: number }>()
      )?.n;
    const before = await families();

    const id = `_r${crypto.randomUUID().replace(/-/g, "")}`;
    const xml = responseXml({
      assertionId: id,
      inResponseTo: null,
      nameId: person.email,
      audience: sso.sp.entityId,
      recipient: sso.sp.acsUrl,
      destination: sso.sp.acsUrl,
      attributes: { email: [person.email], groups: ["admins"] },
    });
    const res = await api("POST", `/saml/acs/${sso.id}`, {
      raw: new URLSearchParams({ SAMLResponse: b64(await signElement(xml, id, keys.idp)) }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status, res.text).toBe(403);
    expect(res.body.error).toMatchObject({
      code: "INSUFFICIENT_PERMISSIONS",
      details: { reason: "deprovisioned_by_directory" },
    });
    expect(await roleIn(orgId, person.id)).toBeUndefined();
    expect(await families()).toBe(before);

    expect((await scim(directory, "PATCH", `/Users/${provisioned.body.id}`, { body: deactivate(true) })).status).toBe(
      200,
    );
    await signInThroughSso(sso, person.email);
    expect(await roleIn(orgId, person.id)).toBe("member");
  });

  it("DELETE ends the same access; the account and the organization's sessions stay", async () => {
    const { owner, orgId, connection: sso, email } = await samlOrganization(keys.idp.cert, uniqueDomain("deprov"));
    const directory = await createScimConnection(owner, orgId);
    const person = await registerUser({ email: email("deleted") });
    const provisioned = await scim(directory, "POST", "/Users", { body: userResource(person.email) });
    const signIn = await signInThroughSso(sso, person.email);
    const res = await scim(directory, "DELETE", `/Users/${provisioned.body.id}`);
    expect(res.status, res.text).toBe(204);
    expect(await roleIn(orgId, person.id)).toBeUndefined();
    expect((await api("GET", `/v1/organizations/${orgId}`, { token: signIn.token })).status).toBe(401);
    expect((await api("POST", "/v1/auth/refresh", { body: { refresh_token: signIn.refreshToken } })).status).toBe(401);
    expect((await api("GET", "/v1/users/me", { token: person.token })).status).toBe(200);
  });

  it("the organization's last owner is not deprovisioned (400 mutability), nothing changed", async () => {
    const domain = uniqueDomain("owner");
    const boss = await registerUser({ email: `boss@${domain}` });
    const orgId = await createOrganization(boss);
    const d = await api("POST", `/v1/organizations/${orgId}/sso/domains`, { token: boss.token, body: { domain } });
    expect(
      (await api("POST", `/v1/organizations/${orgId}/sso/domains/${d.body.data.id}/verify`, { token: boss.token }))
        .status,
    ).toBe(200);
    const directory = await createScimConnection(boss, orgId, { default_role: "admin" });
    const provisioned = await scim(directory, "POST", "/Users", { body: userResource(boss.email) });
    expect(provisioned.status, provisioned.text).toBe(201);
    expect(await roleIn(orgId, boss.id)).toBe("owner");
    expectScimError(
      await scim(directory, "PATCH", `/Users/${provisioned.body.id}`, { body: deactivate(false) }),
      400,
      "mutability",
    );
    expectScimError(await scim(directory, "DELETE", `/Users/${provisioned.body.id}`), 400, "mutability");
    expect(await roleIn(orgId, boss.id)).toBe("owner");
    expect((await scim(directory, "GET", `/Users/${provisioned.body.id}`)).body.active).toBe(true);
  });
});
