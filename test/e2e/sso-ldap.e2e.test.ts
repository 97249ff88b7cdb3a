import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LdapServers, startLdapServers } from "../node/ldap-server";
import { apiClient } from "./support/api";
import { type DevServer, startWrangler } from "./support/wrangler";

// LDAP sign-on end to end: a real `wrangler dev` reaching a real slapd over ldaps:// and StartTLS
// through cloudflare:sockets, trusting the test CA through NODE_EXTRA_CA_CERTS.
describe("LDAP sign-on against wrangler dev and slapd", () => {
  let server: DevServer;
  let ldap: LdapServers;
  const api = apiClient(() => server.url);

  beforeAll(async () => {
    ldap = await startLdapServers();
    process.env.NODE_EXTRA_CA_CERTS = ldap.caBundle;
    // 1.5 s instead of 5 s per directory wait: the silent directory is met sooner, real binds still fit.
    server = await startWrangler({ vars: { SSO_LDAP_TIMEOUT_SCALE: "0.3" } });
  });
  afterAll(async () => {
    await server?.stop();
    await ldap?.stop();
  });

  async function organizationWithDirectory(url: string) {
    const owner = await api.register("ldap-owner");
    const org = await api.call("POST", "/v1/organizations", owner, { name: "Directory Co" });
    expect(org.status).toBe(201);
    const orgId = org.body.data.id as string;
    const conn = await api.call("POST", `/v1/organizations/${orgId}/sso/connections`, owner, {
      kind: "ldap",
      name: "Corp",
      ldap: {
        url,
        start_tls: url.startsWith("ldap://"),
        bind_mode: "search",
        service_dn: "cn=service,dc=example,dc=test",
        base_dn: "dc=example,dc=test",
        user_filter: "(objectClass=inetOrgPerson)",
        group_roles: { admins: "admin", staff: "member" },
        default_role: null,
      },
      service_password: "service-secret",
    });
    expect(conn.status).toBe(201);
    return { owner, orgId, connection: conn.body.data.id as string };
  }

  const membersOf = async (owner: string, orgId: string) =>
    (await api.call("GET", `/v1/organizations/${orgId}/members`, owner)).body.data.members as Array<{
      user_id: string;
      role: string;
    }>;

  it("signs in over StartTLS and ldaps with the group-mapped role and a working token", async () => {
    // Each directory user once: a second organization may not claim an existing account unless it
    // verified the email's domain (the refusal is covered in test/routes/sso).
    for (const [url, username, password, email, role] of [
      [ldap.plainUrl, "ada", "ada-pass-1", "ada@example.test", "admin"],
      [ldap.ldapsUrl, "bob", "bob-pass-1", "bob@example.test", "member"],
    ] as const) {
      const { owner, orgId, connection } = await organizationWithDirectory(url);
      const res = await api.call("POST", "/v1/auth/ldap", undefined, { connection, username, password });
      expect([url, res.status]).toEqual([url, 200]);
      const me = await api.call("GET", "/v1/users/me", res.body.data.token);
      expect(me.body.data.email).toBe(email);
      const member = (await membersOf(owner, orgId)).find((m) => m.user_id === res.body.data.user.id);
      expect(member?.role).toBe(role);
    }
  });

  it("refuses a wrong password, an empty password, a filter injection and a silent directory", async () => {
    const { owner, orgId, connection } = await organizationWithDirectory(ldap.ldapsUrl);
    for (const [username, password] of [
      ["bob", "nope-nope-1"],
      ["bob", ""],
      ["*)(uid=*))(|(uid=*", "bob-pass-1"],
    ] as const) {
      const res = await api.call("POST", "/v1/auth/ldap", undefined, { connection, username, password });
      expect([username, password, res.status, res.body.error.code]).toEqual([
        username,
        password,
        401,
        "INVALID_CREDENTIALS",
      ]);
    }
    expect((await membersOf(owner, orgId)).length).toBe(1);
    const silent = await organizationWithDirectory(ldap.silentUrl);
    const res = await api.call("POST", "/v1/auth/ldap", undefined, {
      connection: silent.connection,
      username: "bob",
      password: "bob-pass-1",
    });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("DIRECTORY_UNAVAILABLE");
  });
});
