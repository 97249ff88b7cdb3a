import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LdapServers, startLdapServers } from "../node/ldap-server";
import { ldapConnectionBody } from "../support/sso-fixtures";
import { apiClient } from "./support/api";
import { sharedServer } from "./support/shared-server";

// LDAP sign-on end to end: the shared `wrangler dev` reaching a real slapd over ldaps:// and
// StartTLS through cloudflare:sockets. slapd serves the certificate of the test CA the global setup
// made (SSO_TEST_CA_DIR), which the server trusts through NODE_EXTRA_CA_CERTS; its directory waits
// are 1.5 s instead of 5 s (SSO_LDAP_TIMEOUT_SCALE 0.3): the silent directory is met sooner, real
// binds still fit.
describe("LDAP sign-on against wrangler dev and slapd", () => {
  const server = sharedServer();
  let ldap: LdapServers;
  const api = apiClient(() => server.url);

  beforeAll(async () => {
    ldap = await startLdapServers();
  });
  afterAll(async () => {
    await ldap?.stop();
  });

  async function organizationWithDirectory(url: string) {
    const owner = await api.register("ldap-owner");
    const org = await api.call("POST", "/v1/organizations", owner, { name: "Directory Co" });
    expect(org.status).toBe(201);
    const orgId = org.body.data.id as string;
    return { owner, orgId, connection: await connect(owner, orgId, url) };
  }

  async function connect(owner: string, orgId: string, url: string) {
    const conn = await api.call(
      "POST",
      `/v1/organizations/${orgId}/sso/connections`,
      owner,
      ldapConnectionBody(url, "service-secret"),
    );
    expect(conn.status).toBe(201);
    return conn.body.data.id as string;
  }

  const membersOf = async (owner: string, orgId: string) =>
    (await api.call("GET", `/v1/organizations/${orgId}/members`, owner)).body.data.members as Array<{
      user_id: string;
      role: string;
    }>;

  it("signs in over StartTLS and ldaps with the group-mapped role and a working token", async () => {
    // The directory's addresses are in example.test: a connection may assert only emails in a domain
    // its organization verified (one organization at a time), so one organization holds it and
    // connects the directory both ways.
    const { owner, orgId, connection: startTls } = await organizationWithDirectory(ldap.plainUrl);
    const domain = await api.call("POST", `/v1/organizations/${orgId}/sso/domains`, owner, { domain: "example.test" });
    expect(domain.status).toBe(201);
    const verified = await api.call(
      "POST",
      `/v1/organizations/${orgId}/sso/domains/${domain.body.data.id}/verify`,
      owner,
    );
    expect(verified.status).toBe(200);
    const ldaps = await connect(owner, orgId, ldap.ldapsUrl);
    for (const [connection, username, password, email, role] of [
      [startTls, "ada", "ada-pass-1", "ada@example.test", "admin"],
      [ldaps, "bob", "bob-pass-1", "bob@example.test", "member"],
    ] as const) {
      const res = await api.call("POST", "/v1/auth/ldap", undefined, { connection, username, password });
      expect([connection, res.status]).toEqual([connection, 200]);
      const me = await api.call("GET", "/v1/users/me", res.body.data.token);
      expect(me.body.data.email).toBe(email);
      const member = (await membersOf(owner, orgId)).find((m) => m.user_id === res.body.data.user.id);
      expect(member?.role).toBe(role);
    }
  });

  it("refuses a directory entry whose email is in no domain the organization verified, creating nobody", async () => {
    const { owner, orgId, connection } = await organizationWithDirectory(ldap.ldapsUrl);
    const res = await api.call("POST", "/v1/auth/ldap", undefined, {
      connection,
      username: "bob",
      password: "bob-pass-1",
    });
    expect([res.status, res.body.error.code]).toEqual([403, "SSO_EMAIL_DOMAIN_NOT_VERIFIED"]);
    expect(res.text).not.toContain("refresh_token");
    expect((await membersOf(owner, orgId)).length).toBe(1);
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
