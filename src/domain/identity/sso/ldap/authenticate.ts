import { AppError } from "../../../../errors";
import type { Config } from "../../../config";
import type { Context } from "../../../context";
import { type DirectoryEntry, type DirectorySession, isDirectoryFailure } from "../ports";
import { escapeDnValue, escapeFilterValue } from "./escape";

/** RFC 4511 Appendix A result codes. */
const LDAP_SUCCESS = 0;
const LDAP_INVALID_CREDENTIALS = 49;

type OrgRole = "owner" | "admin" | "member";

/** One organization's directory, as its admins configured it (the service password already opened). */
export interface LdapDirectoryConfig {
  url: string;
  startTls: boolean;
  /** "search": bind as a service account, find the user, bind as the user. "template": bind as a DN built from the username. */
  bindMode: "search" | "template";
  serviceDn?: string | null;
  servicePassword?: string | null;
  /** e.g. `uid={username},ou=people,dc=example,dc=com`; `{username}` is DN-escaped (RFC 4514). */
  bindDnTemplate?: string | null;
  baseDn: string;
  /** Narrows the users who may sign in, e.g. `(objectClass=inetOrgPerson)`. */
  userFilter: string;
  usernameAttribute: string;
  emailAttribute: string;
  /** Where groups live (defaults to baseDn); a group lists its members by DN in `member`. */
  groupBaseDn?: string | null;
  /** Group cn or DN → role in the organization; the highest mapped role wins. */
  groupRoles: Record<string, OrgRole>;
  /** Role for users in no mapped group; null refuses them. */
  defaultRole: OrgRole | null;
  timeoutMs?: number;
}

export interface DirectoryUser {
  dn: string;
  email: string;
  username: string;
  groups: string[];
  role: OrgRole;
}

/** Directory waits are bounded well under a Worker's wall-clock budget. */
export const LDAP_TIMEOUT_MS = 5_000;

/**
 * The bound on each directory wait: LDAP_TIMEOUT_MS times SSO_LDAP_TIMEOUT_SCALE, a number in (0, 1]
 * that lets tests under `wrangler dev` meet a silent directory quickly. Absent, unusable or in
 * production: the full bound.
 */
export function ldapTimeoutMs(config: Pick<Config, "environment" | "scales">): number {
  const scale = config.environment === "production" ? 1 : Number(config.scales.ldapTimeout ?? "1");
  return Number.isFinite(scale) && scale > 0 && scale <= 1 ? Math.round(LDAP_TIMEOUT_MS * scale) : LDAP_TIMEOUT_MS;
}
const RANK: Record<OrgRole, number> = { member: 1, admin: 2, owner: 3 };

/**
 * Plain ldap:// sends the password in clear: production accepts it only upgraded with StartTLS.
 */
export function assertDirectoryTransport(config: Pick<LdapDirectoryConfig, "url" | "startTls">, environment: string) {
  let protocol: string;
  try {
    protocol = new URL(config.url).protocol;
  } catch {
    throw new AppError("SSO_CONNECTION_INVALID", { details: { field: "url", reason: "not a URL" } });
  }
  if (protocol !== "ldaps:" && protocol !== "ldap:") {
    throw new AppError("SSO_CONNECTION_INVALID", { details: { field: "url", reason: "must be ldaps:// or ldap://" } });
  }
  if (protocol === "ldap:" && !config.startTls && environment === "production") {
    throw new AppError("SSO_CONNECTION_INVALID", {
      details: { field: "url", reason: "plain ldap:// needs StartTLS in production; use ldaps:// or enable StartTLS" },
    });
  }
}

function invalidCredentials(): AppError {
  return new AppError("INVALID_CREDENTIALS", { message: "Invalid username or password." });
}

/**
 * Signs a user in against the directory: refuses an empty password before any bind (RFC 4513
 * §5.1.2: an unauthenticated bind "succeeds" on many servers), finds exactly one entry, binds as it,
 * and maps its groups to a role. Every directory failure is an AppError; nothing waits unbounded.
 */
export async function authenticateWithDirectory(
  ctx: Context,
  input: { config: LdapDirectoryConfig; login: string; password: string },
): Promise<DirectoryUser> {
  const { config, login, password } = input;
  if (password.length === 0 || login.trim().length === 0) throw invalidCredentials();
  assertDirectoryTransport(config, ctx.config.environment);
  const timeoutMs = config.timeoutMs ?? LDAP_TIMEOUT_MS;
  let client: DirectorySession | null = null;
  try {
    client = await ctx.ports.directory.open({ url: config.url, startTls: config.startTls, timeoutMs });
    const entry = await findUser(client, config, login.trim(), password);
    const bound = await client.bind(entry.dn, password);
    if (bound.code === LDAP_INVALID_CREDENTIALS) throw invalidCredentials();
    if (bound.code !== LDAP_SUCCESS) throw unavailable(`bind refused (${bound.code})`);
    return await mapUser(client, config, entry);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isDirectoryFailure(error) && error.directoryFailure === "filter") {
      throw new AppError("SSO_CONNECTION_INVALID", { details: { field: "user_filter", reason: error.message } });
    }
    if (isDirectoryFailure(error)) throw unavailable(error.message);
    throw error;
  } finally {
    await client?.close();
  }
}

function unavailable(reason: string): AppError {
  return new AppError("DIRECTORY_UNAVAILABLE", { details: { reason } });
}

async function findUser(
  client: DirectorySession,
  c: LdapDirectoryConfig,
  login: string,
  password: string,
): Promise<DirectoryEntry> {
  const attributes = [c.usernameAttribute, c.emailAttribute];
  if (c.bindMode === "template") {
    if (!c.bindDnTemplate?.includes("{username}")) throw new AppError("SSO_CONNECTION_INVALID");
    const dn = c.bindDnTemplate.replace("{username}", escapeDnValue(login));
    const bound = await client.bind(dn, password);
    if (bound.code === LDAP_INVALID_CREDENTIALS) throw invalidCredentials();
    if (bound.code !== LDAP_SUCCESS) throw unavailable(`bind refused (${bound.code})`);
    const [entry] = await client.search(dn, c.userFilter, attributes, 0);
    if (!entry) throw invalidCredentials();
    return entry;
  }
  if (!c.serviceDn || !c.servicePassword) throw new AppError("SSO_CONNECTION_INVALID");
  const service = await client.bind(c.serviceDn, c.servicePassword);
  if (service.code !== LDAP_SUCCESS) throw unavailable(`the service account could not bind (${service.code})`);
  const value = escapeFilterValue(login);
  const filter = `(&${c.userFilter}(|(${c.usernameAttribute}=${value})(${c.emailAttribute}=${value})))`;
  const entries = await client.search(c.baseDn, filter, attributes);
  // None or several matches: the same answer as a wrong password, so names cannot be probed.
  if (entries.length !== 1) throw invalidCredentials();
  return entries[0] as DirectoryEntry;
}

async function mapUser(
  client: DirectorySession,
  c: LdapDirectoryConfig,
  entry: DirectoryEntry,
): Promise<DirectoryUser> {
  const email = entry.attributes[c.emailAttribute.toLowerCase()]?.[0];
  const username = entry.attributes[c.usernameAttribute.toLowerCase()]?.[0] ?? email ?? "";
  if (!email) throw new AppError("SSO_CONNECTION_INVALID", { details: { reason: "the user has no email attribute" } });
  const groupEntries = await client.search(c.groupBaseDn || c.baseDn, `(member=${escapeFilterValue(entry.dn)})`, [
    "cn",
  ]);
  const groups = groupEntries.map((g) => g.attributes.cn?.[0] ?? g.dn);
  const mapping = new Map(Object.entries(c.groupRoles).map(([k, v]) => [k.toLowerCase(), v]));
  let role: OrgRole | null = c.defaultRole;
  for (const group of groupEntries) {
    const candidates = [group.dn.toLowerCase(), ...(group.attributes.cn ?? []).map((n) => n.toLowerCase())];
    for (const name of candidates) {
      const mapped = mapping.get(name);
      if (mapped && (!role || RANK[mapped] > RANK[role])) role = mapped;
    }
  }
  if (!role) throw new AppError("INSUFFICIENT_PERMISSIONS", { message: "No group of this user is mapped to a role." });
  return { dn: entry.dn, email: email.toLowerCase(), username, groups, role };
}
