import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { addMember, auditActions, createOrganization } from "../../support/organizations";
import { b64, responseXml, signElement } from "../../support/saml";
import { ldapOrganization, samlOrganization } from "../../support/sso";

const keys = inject("samlKeys");
const ldap = inject("ldap");

const path = (orgId: string, id: string) => `/v1/organizations/${orgId}/sso/connections/${id}`;

/** An IdP-initiated response for `connection`, signed with `key`, for an address in `domain` (the organization's). */
async function idpResponse(
  connection: { id: string; sp: { entityId: string; acsUrl: string } },
  key: typeof keys.idp,
  domain: string,
) {
  const id = `_r${crypto.randomUUID().replace(/-/g, "")}`;
  const xml = responseXml({
    assertionId: id,
    inResponseTo: null,
    nameId: `rotation.${id.slice(2, 10)}@${domain}`,
    audience: connection.sp.entityId,
    recipient: connection.sp.acsUrl,
    destination: connection.sp.acsUrl,
    attributes: { email: [`rotation.${id.slice(2, 10)}@${domain}`] },
  });
  return api("POST", `/saml/acs/${connection.id}`, {
    raw: new URLSearchParams({ SAMLResponse: b64(await signElement(xml, id, key)) }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

async function auditRows(orgId: string, action: string) {
  const { results } = await env.DB.prepare(
    "SELECT before, after FROM audit_log WHERE organization_id = ? AND action = ? ORDER BY rowid",
  )
    .bind(orgId, action)
    .all<{ before: string | null; after: string | null }>();
  return results.map((r) => ({
    before: JSON.parse(r.before ?? "null"),
    after: JSON.parse(r.after ?? "null"),
    raw: `${r.before}${r.after}`,
  }));
}

describe("PATCH /v1/organizations/{id}/sso/connections/{id}", () => {
  it("rotates the IdP certificate: add the next, both verify, remove the old, only the next verifies", async () => {
    const { owner, orgId, connection, domain } = await samlOrganization(keys.idp.cert);
    const added = await api("PATCH", path(orgId, connection.id), {
      token: owner.token,
      body: { add_certificates: [keys.idpNext.cert] },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.config.certificates).toHaveLength(2);
    expect((await idpResponse(connection, keys.idp, domain)).status).toBe(200);
    expect((await idpResponse(connection, keys.idpNext, domain)).status).toBe(200);

    const removed = await api("PATCH", path(orgId, connection.id), {
      token: owner.token,
      body: { remove_certificates: [keys.idp.cert] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.config.certificates).toHaveLength(1);
    const old = await idpResponse(connection, keys.idp, domain);
    expect([old.status, old.body.error.code]).toEqual([401, "SAML_RESPONSE_INVALID"]);
    expect((await idpResponse(connection, keys.idpNext, domain)).status).toBe(200);

    for (const body of [
      { remove_certificates: [keys.idpNext.cert] }, // the last one
      { remove_certificates: [keys.attacker.cert] }, // not trusted in the first place
      { add_certificates: ["not a certificate"] },
      { service_password: "x" }, // an LDAP setting on a SAML connection
    ]) {
      const res = await api("PATCH", path(orgId, connection.id), { token: owner.token, body });
      expect([JSON.stringify(body), res.status, res.body.error.code]).toEqual([
        JSON.stringify(body),
        422,
        "SSO_CONNECTION_INVALID",
      ]);
    }
    // Two changes made it (the refused ones left no row); certificates appear as fingerprints.
    const updates = await auditRows(orgId, "sso.connection_updated");
    expect(updates).toHaveLength(2);
    expect(updates[0]!.before.config.certificates).toHaveLength(1);
    expect(updates[0]!.after.config.certificates[1]).toMatch(/^sha256:([0-9a-f]{2}:){31}[0-9a-f]{2}$/);
  });

  it("changes name and enforcement and re-seals a new LDAP service password, keeping untouched fields", async () => {
    const { owner, orgId, connection: id } = await ldapOrganization(ldap.plainUrl, "not-the-service-secret");
    const signIn = () =>
      api("POST", "/v1/auth/ldap", { body: { connection: id, username: "bob", password: "bob-pass-1" } });
    expect((await signIn()).status).not.toBe(200);

    const res = await api("PATCH", path(orgId, id), {
      token: owner.token,
      body: { name: "Corp LDAP", enforced: true, service_password: "service-secret", ldap: { start_tls: true } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Corp LDAP", enforced: true, has_service_password: true });
    expect(res.body.data.config.group_roles).toEqual({ admins: "admin", staff: "member" });
    expect(res.body.data.config.user_filter).toBe("(objectClass=inetOrgPerson)");
    expect(JSON.stringify(res.body)).not.toContain("service-secret");
    const bob = await signIn();
    expect(bob.status).toBe(200);

    const [update] = await auditRows(orgId, "sso.connection_updated");
    expect(update!.before).toMatchObject({ name: "Corp directory", enforced: false });
    expect(update!.after).toMatchObject({ name: "Corp LDAP", enforced: true, service_password: "changed" });
    expect(update!.raw).not.toContain("service-secret");

    const saml = await api("PATCH", path(orgId, id), {
      token: owner.token,
      body: { add_certificates: [keys.idp.cert] },
    });
    expect([saml.status, saml.body.error.code]).toEqual([422, "SSO_CONNECTION_INVALID"]);
  });
});

describe("DELETE /v1/organizations/{id}/sso/connections/{id}", () => {
  it("deletes the connection: its sign-in, metadata and SP login stop; audited", async () => {
    const { owner, orgId, connection, domain } = await samlOrganization(keys.idp.cert);
    const res = await api("DELETE", path(orgId, connection.id), { token: owner.token });
    expect([res.status, res.body.success]).toEqual([200, true]);
    expect((await api("GET", path(orgId, connection.id), { token: owner.token })).status).toBe(404);
    expect((await api("GET", `/saml/metadata/${connection.id}`)).status).toBe(404);
    expect((await api("GET", `/saml/login?connection=${connection.id}`)).status).toBe(404);
    expect((await idpResponse(connection, keys.idp, domain)).status).toBe(404);
    expect((await api("DELETE", path(orgId, connection.id), { token: owner.token })).status).toBe(404);
    expect(await auditActions(orgId)).toContain("sso.connection_deleted");
  });
});

describe("who may change or delete a connection", () => {
  it("owners and admins; a member is refused; a stranger and another organization see 404 (BOLA)", async () => {
    const { owner, orgId, connection } = await samlOrganization(keys.idp.cert);
    const admin = await addMember(owner, orgId, "admin");
    const member = await addMember(owner, orgId, "member");
    const stranger = await registerUser();
    const otherOrg = await createOrganization(stranger);

    const rename = (token: string, org = orgId) =>
      api("PATCH", path(org, connection.id), { token, body: { name: "Renamed" } });
    expect((await rename(member.token)).body.error.code).toBe("ORGANIZATION_ROLE_REQUIRED");
    expect((await rename(stranger.token)).status).toBe(404);
    expect((await rename(stranger.token, otherOrg)).status).toBe(404);
    expect((await api("DELETE", path(otherOrg, connection.id), { token: stranger.token })).status).toBe(404);
    expect((await api("DELETE", path(orgId, connection.id), { token: member.token })).status).toBe(403);
    expect((await rename(admin.token)).status).toBe(200);

    const unknownField = await api("PATCH", path(orgId, connection.id), {
      token: owner.token,
      body: { kind: "ldap" },
    });
    expect(unknownField.status).toBe(422);
    expect((await api("DELETE", path(orgId, connection.id), { token: admin.token })).status).toBe(200);
  });

  it("a field one past its documented maximum is the field's 422, not the 64 KiB body limit's 413", async () => {
    const { owner, orgId, connection } = await samlOrganization(keys.idp.cert);
    const patch = (body: unknown) => api("PATCH", path(orgId, connection.id), { token: owner.token, body });
    const tooLong = await patch({ metadata_xml: "a".repeat(60_001) });
    expect([tooLong.status, tooLong.body.error.code, tooLong.body.error.details.field]).toEqual([
      422,
      "FIELD_TOO_LONG",
      "metadata_xml",
    ]);
    const certificates = await patch({ add_certificates: Array(5).fill("a".repeat(8_193)) });
    expect([certificates.status, certificates.body.error.code]).toEqual([422, "FIELD_TOO_LONG"]);
  });
});
