import {
  connectionsOf,
  findConnection,
  findConnectionOf,
  insertConnectionStatement,
  type SsoConnectionRow,
} from "../../../db/sso";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { newId } from "../../../lib/ids";
import { dataEncryptionKey } from "../../encryption/data-key";
import { open, seal } from "../../encryption/secret-box";
import { membershipIn } from "../../organizations/access";
import { auditStatement, type RequestMeta } from "../../organizations/audit";
import { requireRole } from "../../organizations/roles";
import type { OrganizationRole, Principal } from "../principal";
import { assertDirectoryTransport, type LdapDirectoryConfig, ldapTimeoutMs } from "./ldap/authenticate";
import { parseIdpMetadata } from "./saml/metadata";

export interface SamlSettings {
  idp_entity_id: string;
  sso_url: string;
  certificates: string[];
  allow_sha1: boolean;
  /** The SAML attribute naming the user's groups (e.g. `groups`, `memberOf`). */
  groups_attribute: string;
  group_roles: Record<string, OrganizationRole>;
  default_role: OrganizationRole | null;
}

export interface LdapSettings {
  url: string;
  start_tls: boolean;
  bind_mode: "search" | "template";
  service_dn: string | null;
  bind_dn_template: string | null;
  base_dn: string;
  user_filter: string;
  username_attribute: string;
  email_attribute: string;
  group_base_dn: string | null;
  group_roles: Record<string, OrganizationRole>;
  default_role: OrganizationRole | null;
}

export type NewConnection =
  | {
      kind: "saml";
      name: string;
      enforced: boolean;
      metadata_xml?: string | undefined;
      saml?: Partial<SamlSettings> | undefined;
    }
  | { kind: "ldap"; name: string; enforced: boolean; ldap: LdapSettings; service_password?: string | undefined };

type Env = {
  DB: D1Database;
  ENVIRONMENT: string;
  AUTH_ISSUER: string;
  DATA_ENCRYPTION_KEY?: string;
  SSO_LDAP_TIMEOUT_SCALE?: string;
};

/** Our SP addresses for a connection: what the customer pastes into the IdP. */
export function spOf(authIssuer: string, connectionId: string) {
  const base = authIssuer.replace(/\/$/, "");
  return { entityId: `${base}/saml/metadata/${connectionId}`, acsUrl: `${base}/saml/acs/${connectionId}` };
}

export function connectionView(row: SsoConnectionRow, authIssuer: string) {
  const config = JSON.parse(row.config) as SamlSettings | LdapSettings;
  return {
    id: row.id,
    organization_id: row.organizationId,
    kind: row.kind,
    name: row.name,
    enforced: row.enforced,
    config,
    has_service_password: row.secretSealed !== null,
    ...(row.kind === "saml"
      ? {
          sp: {
            ...spOf(authIssuer, row.id),
            metadata_url: spOf(authIssuer, row.id).entityId,
            login_url: `${authIssuer.replace(/\/$/, "")}/saml/login?connection=${row.id}`,
          },
        }
      : {}),
    created_at: row.createdAt,
  };
}

function invalid(field: string, reason: string): AppError {
  return new AppError("SSO_CONNECTION_INVALID", { details: { field, reason } });
}

function samlSettings(input: Extract<NewConnection, { kind: "saml" }>): SamlSettings {
  const fromMetadata = input.metadata_xml ? parseIdpMetadata(input.metadata_xml) : null;
  if (input.metadata_xml && !fromMetadata)
    throw invalid("metadata_xml", "not IdP metadata with a redirect SSO URL and a signing certificate");
  const s = input.saml ?? {};
  const settings: SamlSettings = {
    idp_entity_id: s.idp_entity_id ?? fromMetadata?.entityId ?? "",
    sso_url: s.sso_url ?? fromMetadata?.ssoUrl ?? "",
    certificates: (s.certificates ?? fromMetadata?.certificates ?? []).map((c) =>
      c.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, ""),
    ),
    allow_sha1: s.allow_sha1 ?? false,
    groups_attribute: s.groups_attribute ?? "groups",
    group_roles: s.group_roles ?? {},
    default_role: s.default_role === undefined ? "member" : s.default_role,
  };
  if (!settings.idp_entity_id) throw invalid("saml.idp_entity_id", "required (or import metadata_xml)");
  if (!/^https?:\/\//.test(settings.sso_url)) throw invalid("saml.sso_url", "an http(s) URL is required");
  if (settings.certificates.length === 0) throw invalid("saml.certificates", "at least one signing certificate");
  return settings;
}

export async function createConnection(
  env: Env,
  principal: Principal,
  meta: RequestMeta,
  organizationId: string,
  input: NewConnection,
  now = Date.now(),
) {
  const { role } = await membershipIn(env.DB, principal, organizationId);
  requireRole(role, "admin");
  const id = newId("sso", now);
  let config: SamlSettings | LdapSettings;
  let secretSealed: string | null = null;
  if (input.kind === "saml") {
    config = samlSettings(input);
  } else {
    config = input.ldap;
    assertDirectoryTransport({ url: config.url, startTls: config.start_tls }, env.ENVIRONMENT);
    if (config.bind_mode === "search" && (!config.service_dn || !input.service_password)) {
      throw invalid("service_password", "search mode needs service_dn and service_password");
    }
    if (config.bind_mode === "template" && !config.bind_dn_template?.includes("{username}")) {
      throw invalid("ldap.bind_dn_template", "must contain {username}");
    }
    if (input.service_password) secretSealed = await seal(await dataEncryptionKey(env), input.service_password, id);
  }
  const at = iso(now);
  const row: SsoConnectionRow = {
    id,
    organizationId,
    kind: input.kind,
    name: input.name,
    config: JSON.stringify(config),
    secretSealed,
    enforced: input.enforced,
    createdAt: at,
    updatedAt: at,
  };
  await env.DB.batch([
    insertConnectionStatement(env.DB, row),
    auditStatement(env.DB, organizationId, principal, meta, {
      action: "sso.connection_created",
      targetType: "sso_connection",
      targetId: id,
      after: { kind: input.kind, name: input.name, enforced: input.enforced },
    }),
  ]);
  return connectionView(row, env.AUTH_ISSUER);
}

export async function listConnections(env: Env, principal: Principal, organizationId: string) {
  const { role } = await membershipIn(env.DB, principal, organizationId);
  requireRole(role, "admin");
  return (await connectionsOf(env.DB, organizationId)).map((r) => connectionView(r, env.AUTH_ISSUER));
}

export async function connectionOf(env: Env, principal: Principal, organizationId: string, id: string) {
  const { role } = await membershipIn(env.DB, principal, organizationId);
  requireRole(role, "admin");
  const row = await findConnectionOf(env.DB, organizationId, id);
  if (!row) throw new AppError("RESOURCE_NOT_FOUND");
  return connectionView(row, env.AUTH_ISSUER);
}

/** A live connection of the given kind, for the sign-in flows (unknown → 404). */
export async function loadConnection<K extends "saml" | "ldap">(d1: D1Database, id: string, kind: K) {
  const row = await findConnection(d1, id);
  if (!row || row.kind !== kind) throw new AppError("RESOURCE_NOT_FOUND", { message: "No such sign-on connection." });
  const live = await d1
    .prepare("SELECT 1 AS ok FROM organizations WHERE id = ? AND deleted_at IS NULL")
    .bind(row.organizationId)
    .first();
  if (!live) throw new AppError("RESOURCE_NOT_FOUND", { message: "No such sign-on connection." });
  return { row, config: JSON.parse(row.config) as K extends "saml" ? SamlSettings : LdapSettings };
}

export async function directoryConfig(env: Env, row: SsoConnectionRow, s: LdapSettings): Promise<LdapDirectoryConfig> {
  const password = row.secretSealed ? await open(await dataEncryptionKey(env), row.secretSealed, row.id) : null;
  return {
    url: s.url,
    startTls: s.start_tls,
    bindMode: s.bind_mode,
    serviceDn: s.service_dn,
    servicePassword: password,
    bindDnTemplate: s.bind_dn_template,
    baseDn: s.base_dn,
    userFilter: s.user_filter,
    usernameAttribute: s.username_attribute,
    emailAttribute: s.email_attribute,
    groupBaseDn: s.group_base_dn,
    groupRoles: s.group_roles,
    defaultRole: s.default_role,
    timeoutMs: ldapTimeoutMs(env),
  };
}
