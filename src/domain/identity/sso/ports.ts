/**
 * What single sign-on needs from the outside world (ARCHITECTURE "Round three", ports): DNS for
 * domain verification, and an LDAP directory for directory sign-in.
 */

/** Reads TXT records (RFC 1035 §3.3.14). An unreachable resolver or a missing name reads as none. */
export interface DnsResolver {
  txt(name: string): Promise<string[]>;
}

/** One result of an LDAP operation (RFC 4511 §4.1.9). */
interface DirectoryResult {
  code: number;
  diagnostic: string;
}

export interface DirectoryEntry {
  dn: string;
  /** Attribute names lower-cased. */
  attributes: Record<string, string[]>;
}

/** ldaps://host[:636] or ldap://host[:389], StartTLS (RFC 4513 §3) for ldap:// when asked. */
interface DirectoryEndpoint {
  url: string;
  startTls: boolean;
  /** The bound on every network wait. */
  timeoutMs: number;
}

/**
 * How a directory failed: `unreachable`, `timeout`, `protocol`, `tls`, or `filter` (a search filter
 * that is not RFC 4515 syntax). Adapters reject with an Error carrying `directoryFailure`.
 */
export type DirectoryFailureKind = "unreachable" | "timeout" | "protocol" | "tls" | "filter";

export interface DirectoryFailure extends Error {
  directoryFailure: DirectoryFailureKind;
}

export function isDirectoryFailure(error: unknown): error is DirectoryFailure {
  return error instanceof Error && typeof (error as Partial<DirectoryFailure>).directoryFailure === "string";
}

/** An open connection to a directory: simple bind (RFC 4511 §4.2), search (§4.5), close (unbind). */
export interface DirectorySession {
  bind(dn: string, password: string): Promise<DirectoryResult>;
  /** scope 0 = baseObject, 2 = wholeSubtree. */
  search(base: string, filter: string, attributes: string[], scope?: 0 | 2): Promise<DirectoryEntry[]>;
  close(): Promise<void>;
}

export interface Directory {
  open(endpoint: DirectoryEndpoint): Promise<DirectorySession>;
}

/** An identity provider's answer: the HTTP status and the JSON body (null when not JSON). */
export interface IdpAnswer {
  status: number;
  body: unknown;
}

/**
 * An OpenID Provider's endpoints (discovery, JWKS, token): a GET, or a POST of a form, answered in
 * JSON. Rejects when the provider cannot be reached, is too slow, or answers too much.
 */
export interface IdentityProviderHttp {
  request(url: URL, init?: { form: URLSearchParams; authorization?: string }): Promise<IdpAnswer>;
}
