import type { TestProject } from "vitest/node";
import { type LdapServers, startLdapServers } from "./ldap-server";
import { generateKeyPair, type TestKeyPair } from "./sso-keys";

// Signing keys for the SAML verification tests (the IdP's current and next certificate, and an
// attacker's) and real slapd instances for the LDAP tests, fresh per run, stopped by PID.
export default async function setup(project: TestProject) {
  project.provide("samlKeys", {
    idp: generateKeyPair("idp.test"),
    idpNext: generateKeyPair("idp-next.test"),
    attacker: generateKeyPair("attacker.test"),
  });
  const ldap = await startLdapServers();
  const { stop: _stop, ...urls } = ldap;
  project.provide("ldap", urls);
  return () => ldap.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    samlKeys: { idp: TestKeyPair; idpNext: TestKeyPair; attacker: TestKeyPair };
    ldap: Omit<LdapServers, "stop">;
  }
}
