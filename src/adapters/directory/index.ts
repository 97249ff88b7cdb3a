import type { Directory } from "../../domain/identity/sso/ports";
import { LdapClient } from "./client";

/** LDAPv3 directories reached over Workers TCP sockets (cloudflare:sockets). */
export const ldapDirectory: Directory = {
  open: (endpoint) => LdapClient.open(endpoint),
};
