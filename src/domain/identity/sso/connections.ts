import {
  connectionsOf,
  deleteConnectionStatement,
  findConnectionOf,
  findLiveConnection,
  insertConnectionStatement,
  type SsoConnectionRow,
  updateConnectionStatement,
} from "../../../db/sso-connections";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { fromBase64 } from "../../../lib/encoding";
import { newId } from "../../../lib/ids";
import type { Context, UserContext } from "../../context";
import { dataEncryptionKey } from "../../encryption/data-key";
import { open, seal } from "../../encryption/secret-box";
import { actingAs, membershipIn } from "../../organizations/access";
import { auditStatement } from "../../organizations/audit";
import { requireRole } from "../../organizations/roles";
import type { HolderContext } from "../account-holder";
import type { OrganizationRole, Principal } from "../principal";
import { endPasswordSignIns } from "./enforcement";
import { assertDirectoryTransport, type LdapDirectoryConfig, ldapTimeoutMs } from "./ldap/authenticate";
import { type OidcInput, type OidcSettings, oidcRedirectUri, oidcSettings } from "./oidc/settings";
import { type IdpMetadata, parseIdpMetadata } from "./saml/metadata";

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
  | { kind: "ldap"; name: string; enforced: boolean; ldap: LdapSettings; service_password?: string | undefined }
  | { kind: "oidc"; name: string; enforced: boolean; oidc: Partial<OidcInput>; client_secret: string };

type Settings = SamlSettings | LdapSettings | OidcSettings;
type SettingsOf<K> = K extends "saml" ? SamlSettings : K extends "ldap" ? LdapSettings : OidcSettings;

/** Our SP addresses for a connection: what the customer pastes into the IdP. */
export function spOf(authIssuer: string, connectionId: string) {
  const base = authIssuer.replace(/\/$/, "");
  return { entityId: `${base}/saml/metadata/${connectionId}`, acsUrl: `${base}/saml/acs/${connectionId}` };
}

function connectionView(row: SsoConnectionRow, authIssuer: string) {
  const config = JSON.parse(row.config) as Settings;
  const base = authIssuer.replace(/\/$/, "");
  return {
    id: row.id,
    organization_id: row.organizationId,
    kind: row.kind,
    name: row.name,
    enforced: row.enforced,
    config,
    has_service_password: row.kind === "ldap" && row.secretSealed !== null,
    ...(row.kind === "oidc"
      ? {
          has_client_secret: row.secretSealed !== null,
          rp: { redirect_uri: oidcRedirectUri(authIssuer), login_url: `${base}/oidc/login?connection=${row.id}` },
        }
      : {}),
    ...(row.kind === "saml"
      ? {
          sp: {
            ...spOf(authIssuer, row.id),
            metadata_url: spOf(authIssuer, row.id).entityId,
            login_url: `${base}/saml/login?connection=${row.id}`,
          },
        }
      : {}),
    created_at: row.createdAt,
  };
}

function invalid(field: string, reason: string): AppError {
  return new AppError("SSO_CONNECTION_INVALID", { details: { field, reason } });
}

/**
 * A role mapping never grants owner (docs/decisions.md "Account takeover"): whoever administers a
 * connection could otherwise make themself owner by signing in through it. Owners are made by
 * owners (invitation, role change, transfer).
 */
function refuseOwnerMapping(config: { group_roles: Record<string, string>; default_role: string | null }) {
  if (config.default_role === "owner") throw invalid("default_role", "a sign-on cannot grant owner");
  const group = Object.entries(config.group_roles).find(([, role]) => role === "owner");
  if (group) throw invalid(`group_roles.${group[0]}`, "a sign-on cannot grant owner");
}

const normalizeCertificate = (c: string) => c.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");

async function fromMetadata(xml: string | undefined) {
  if (!xml) return null;
  const parsed = await parseIdpMetadata(xml);
  if (!parsed) throw invalid("metadata_xml", "not IdP metadata with a redirect SSO URL and a signing certificate");
  return parsed;
}

/** SAML settings: `base` (a stored connection's, or the defaults), then metadata XML, then fields. */
function samlSettings(base: SamlSettings, metadata: IdpMetadata | null, s: Partial<SamlSettings>): SamlSettings {
  const settings: SamlSettings = {
    idp_entity_id: s.idp_entity_id ?? metadata?.entityId ?? base.idp_entity_id,
    sso_url: s.sso_url ?? metadata?.ssoUrl ?? base.sso_url,
    certificates: [
      ...new Set((s.certificates ?? metadata?.certificates ?? base.certificates).map(normalizeCertificate)),
    ],
    allow_sha1: s.allow_sha1 ?? base.allow_sha1,
    groups_attribute: s.groups_attribute ?? base.groups_attribute,
    group_roles: s.group_roles ?? base.group_roles,
    default_role: s.default_role === undefined ? base.default_role : s.default_role,
  };
  if (!settings.idp_entity_id) throw invalid("saml.idp_entity_id", "required (or import metadata_xml)");
  if (!/^https?:\/\//.test(settings.sso_url)) throw invalid("saml.sso_url", "an http(s) URL is required");
  if (settings.certificates.length === 0) throw invalid("saml.certificates", "at least one signing certificate");
  if (settings.certificates.some((c) => !/^[A-Za-z0-9+/]+={0,2}$/.test(c) || c.length % 4 !== 0)) {
    throw invalid("saml.certificates", "each must be an X.509 certificate, PEM or base64 DER");
  }
  if (settings.certificates.length > MAX_CERTIFICATES) {
    throw invalid("saml.certificates", `at most ${MAX_CERTIFICATES} signing certificates`);
  }
  return settings;
}

const MAX_CERTIFICATES = 5;
const SAML_DEFAULTS: SamlSettings = {
  idp_entity_id: "",
  sso_url: "",
  certificates: [],
  allow_sha1: false,
  groups_attribute: "groups",
  group_roles: {},
  default_role: "member",
};

function checkLdap(config: LdapSettings, environment: string, hasServicePassword: boolean) {
  assertDirectoryTransport({ url: config.url, startTls: config.start_tls }, environment);
  if (config.bind_mode === "search" && (!config.service_dn || !hasServicePassword)) {
    throw invalid("service_password", "search mode needs service_dn and service_password");
  }
  if (config.bind_mode === "template" && !config.bind_dn_template?.includes("{username}")) {
    throw invalid("ldap.bind_dn_template", "must contain {username}");
  }
}

export async function createConnection(
  ctx: HolderContext,
  args: { organizationId: string; connection: NewConnection },
) {
  const { organizationId, connection: input } = args;
  const now = ctx.now();
  const { role } = await membershipIn(ctx, { organizationId });
  requireRole(role, "admin");
  const id = newId("sso", now);
  let config: Settings;
  let secretSealed: string | null = null;
  if (input.kind === "saml") {
    config = samlSettings(SAML_DEFAULTS, await fromMetadata(input.metadata_xml), input.saml ?? {});
  } else if (input.kind === "oidc") {
    config = await oidcSettings(ctx, { base: {}, changes: input.oidc });
    secretSealed = await seal(await dataEncryptionKey(ctx.config), input.client_secret, id);
  } else {
    config = input.ldap;
    checkLdap(config, ctx.config.environment, Boolean(input.service_password));
    if (input.service_password)
      secretSealed = await seal(await dataEncryptionKey(ctx.config), input.service_password, id);
  }
  refuseOwnerMapping(config);
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
  await ctx.commit([
    insertConnectionStatement(ctx.db, row),
    auditStatement(ctx, {
      organizationId,
      entry: {
        action: "sso.connection_created",
        targetType: "sso_connection",
        targetId: id,
        after: { kind: input.kind, name: input.name, enforced: input.enforced },
      },
    }),
  ]);
  if (input.enforced) await endPasswordSignIns(ctx, { organizationId });
  return connectionView(row, ctx.config.issuer);
}

export interface ConnectionChanges {
  name?: string | undefined;
  enforced?: boolean | undefined;
  /** SAML: re-import the IdP's metadata (its certificates replace the configured ones). */
  metadata_xml?: string | undefined;
  saml?: Partial<SamlSettings> | undefined;
  /** SAML rotation: certificates to trust in addition, and certificates to stop trusting. */
  add_certificates?: string[] | undefined;
  remove_certificates?: string[] | undefined;
  ldap?: Partial<LdapSettings> | undefined;
  /** LDAP: a new service password, sealed again (never returned). */
  service_password?: string | undefined;
  /** OIDC: fields to change (the provider is discovered again from the issuer). */
  oidc?: Partial<OidcInput> | undefined;
  /** OIDC: a new client secret, sealed again (never returned). */
  client_secret?: string | undefined;
}

const SAML_ONLY = ["metadata_xml", "saml", "add_certificates", "remove_certificates"] as const;
const LDAP_ONLY = ["ldap", "service_password"] as const;
const OIDC_ONLY = ["oidc", "client_secret"] as const;
const FOREIGN = {
  saml: [...LDAP_ONLY, ...OIDC_ONLY],
  ldap: [...SAML_ONLY, ...OIDC_ONLY],
  oidc: [...SAML_ONLY, ...LDAP_ONLY],
} as const;

/** PATCH: changes merged onto the stored connection, validated as a whole, audited (no secrets in the log). */
export async function updateConnection(
  ctx: HolderContext,
  input: { organizationId: string; connectionId: string; changes: ConnectionChanges },
) {
  const { principal } = ctx;
  const { organizationId, connectionId: id, changes } = input;
  const now = ctx.now();
  const row = await administeredConnection(ctx, principal, organizationId, id);
  const foreign = FOREIGN[row.kind as keyof typeof FOREIGN].find((field) => changes[field] !== undefined);
  if (foreign) throw invalid(foreign, `not a setting of a ${row.kind} connection`);

  let config: Settings;
  let secretSealed = row.secretSealed;
  if (row.kind === "oidc") {
    config = await oidcSettings(ctx, { base: JSON.parse(row.config) as OidcSettings, changes: changes.oidc ?? {} });
    if (changes.client_secret)
      secretSealed = await seal(await dataEncryptionKey(ctx.config), changes.client_secret, id);
  } else if (row.kind === "saml") {
    const merged = samlSettings(
      JSON.parse(row.config) as SamlSettings,
      await fromMetadata(changes.metadata_xml),
      changes.saml ?? {},
    );
    const removed = new Set((changes.remove_certificates ?? []).map(normalizeCertificate));
    const unknown = [...removed].find((c) => !merged.certificates.includes(c));
    if (unknown) throw invalid("remove_certificates", "names a certificate the connection does not trust");
    const certificates = [...merged.certificates, ...(changes.add_certificates ?? []).map(normalizeCertificate)];
    config = samlSettings(merged, null, { certificates: certificates.filter((c) => !removed.has(c)) });
  } else {
    config = { ...(JSON.parse(row.config) as LdapSettings), ...changes.ldap };
    checkLdap(config, ctx.config.environment, Boolean(changes.service_password ?? row.secretSealed));
    if (changes.service_password)
      secretSealed = await seal(await dataEncryptionKey(ctx.config), changes.service_password, id);
  }
  refuseOwnerMapping(config);
  const updated: SsoConnectionRow = {
    ...row,
    name: changes.name ?? row.name,
    enforced: changes.enforced ?? row.enforced,
    config: JSON.stringify(config),
    secretSealed,
    updatedAt: iso(now),
  };
  await ctx.commit([
    updateConnectionStatement(ctx.db, updated),
    auditStatement(ctx, {
      organizationId,
      entry: {
        action: "sso.connection_updated",
        targetType: "sso_connection",
        targetId: id,
        before: await auditedFields(row),
        after: {
          ...(await auditedFields(updated)),
          ...(changes.service_password ? { service_password: "changed" } : {}),
          ...(changes.client_secret ? { client_secret: "changed" } : {}),
        },
      },
      onlyIfChanged: true,
    }),
  ]);
  if (updated.enforced && !row.enforced) await endPasswordSignIns(ctx, { organizationId });
  return connectionView(updated, ctx.config.issuer);
}

/** What the audit log keeps of a connection: its settings, each certificate as its SHA-256 fingerprint. */
async function auditedFields(row: SsoConnectionRow) {
  const config = JSON.parse(row.config) as Record<string, unknown>;
  if (Array.isArray(config.certificates)) {
    config.certificates = await Promise.all(
      (config.certificates as string[]).map(async (c) => {
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", fromBase64(c)));
        return `sha256:${[...digest].map((b) => b.toString(16).padStart(2, "0")).join(":")}`;
      }),
    );
  }
  return { name: row.name, enforced: row.enforced, config };
}

/** DELETE: the connection and, with it, every way in through it; audited. */
export async function deleteConnection(ctx: HolderContext, input: { organizationId: string; connectionId: string }) {
  const { principal } = ctx;
  const { organizationId, connectionId: id } = input;
  const row = await administeredConnection(ctx, principal, organizationId, id);
  const [deleted] = await ctx.commit([
    deleteConnectionStatement(ctx.db, organizationId, id),
    auditStatement(ctx, {
      organizationId,
      entry: {
        action: "sso.connection_deleted",
        targetType: "sso_connection",
        targetId: id,
        before: { kind: row.kind, name: row.name, enforced: row.enforced },
      },
      onlyIfChanged: true,
    }),
  ]);
  if (deleted?.meta.changes !== 1) throw new AppError("RESOURCE_NOT_FOUND");
}

export async function listConnections(ctx: UserContext, input: { organizationId: string }) {
  const { organizationId } = input;
  const { role } = await membershipIn(ctx, { organizationId });
  requireRole(role, "admin");
  return (await connectionsOf(ctx.db, organizationId)).map((r) => connectionView(r, ctx.config.issuer));
}

/** A connection of the organization, for its owners and admins; another organization's is a 404. */
async function administeredConnection(ctx: Context, principal: Principal, organizationId: string, id: string) {
  const { role } = await membershipIn(actingAs(ctx, principal), { organizationId });
  requireRole(role, "admin");
  const row = await findConnectionOf(ctx.db, organizationId, id);
  if (!row) throw new AppError("RESOURCE_NOT_FOUND");
  return row;
}

export async function connectionOf(ctx: UserContext, input: { organizationId: string; connectionId: string }) {
  const row = await administeredConnection(ctx, ctx.principal, input.organizationId, input.connectionId);
  return connectionView(row, ctx.config.issuer);
}

/** A live connection of the given kind, for the sign-in flows (unknown → 404). */
export async function loadConnection<K extends "saml" | "ldap" | "oidc">(ctx: Context, input: { id: string; kind: K }) {
  const row = await findLiveConnection(ctx.db, input.id);
  if (!row || row.kind !== input.kind)
    throw new AppError("RESOURCE_NOT_FOUND", { message: "No such sign-on connection." });
  return { row, config: JSON.parse(row.config) as SettingsOf<K> };
}

export async function directoryConfig(
  ctx: Context,
  input: { row: SsoConnectionRow; settings: LdapSettings },
): Promise<LdapDirectoryConfig> {
  const { row, settings: s } = input;
  const password = row.secretSealed ? await open(await dataEncryptionKey(ctx.config), row.secretSealed, row.id) : null;
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
    timeoutMs: ldapTimeoutMs(ctx.config),
  };
}
