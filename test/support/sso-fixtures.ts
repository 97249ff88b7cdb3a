/**
 * The LDAP connection the tests create against the seeded slapd (test/node/ldap-server.ts):
 * search-then-bind as its service account, people and groups under dc=example,dc=test,
 * `admins` → admin, `staff` → member, no default role. Plain data: the Workers pool and the
 * Node-side e2e tests both use it.
 */
export function ldapConnectionBody(url: string, servicePassword: string) {
  return {
    kind: "ldap",
    name: "Corp directory",
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
    service_password: servicePassword,
  };
}

/** A SAML connection to the test IdP (https://idp.test, signing with `cert`, `admins` → admin). */
export const samlConnectionBody = (cert: string, name: string, enforced = false) => ({
  kind: "saml",
  name,
  enforced,
  saml: {
    idp_entity_id: "https://idp.test/metadata",
    sso_url: "https://idp.test/sso",
    certificates: [cert],
    group_roles: { admins: "admin" },
  },
});
