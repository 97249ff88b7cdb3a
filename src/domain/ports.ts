import type { Directory, DnsResolver } from "./identity/sso/ports";

/**
 * The outside world as the domain names it (ARCHITECTURE "Round three", ports and adapters): each
 * area declares the interfaces it needs beside its rules; src/context/ports.ts builds the adapters
 * (src/adapters/) configuration picks. A port is read when used, so a request pays only for those.
 */
export interface Ports {
  // --- sso ---
  /** TXT lookups for SSO domain verification. */
  readonly dns: DnsResolver;
  /** LDAP directories for directory sign-in. */
  readonly directory: Directory;
  // --- end sso ---
}
