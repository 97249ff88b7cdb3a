import { z } from "@hono/zod-openapi";
import type { ErrorCode } from "../../../errors";
import { OrganizationIdParam } from "../schemas";

/** Request and response schemas shared by the single sign-on operations (one per file beside this one). */

const Role = z.enum(["owner", "admin", "member"]);
// Every field's largest value fits in one request: bodies are capped at 64 KiB (docs/decisions.md),
// and a field documented larger than that would answer a schema-valid request with 413.
/** A PEM certificate: a 4096-bit RSA one is about 2 KiB. */
const Certificate = z.string().max(8192);
/** An IdP's metadata document, as its XML text. */
const MetadataXml = z.string().max(60_000);
const GroupRoles = z.record(z.string().max(256), Role);
const SamlInput = z.object({
  idp_entity_id: z.string().max(1024).optional(),
  sso_url: z.string().max(2048).optional(),
  certificates: z.array(Certificate).max(5).optional(),
  allow_sha1: z.boolean().optional(),
  groups_attribute: z.string().max(256).optional(),
  group_roles: GroupRoles.optional(),
  default_role: Role.nullable().optional(),
});
const OidcFields = z.object({
  issuer: z.string().max(2048).openapi({
    description: "The OpenID Provider's issuer URL, exactly as its discovery document and ID tokens name it.",
  }),
  client_id: z.string().min(1).max(512),
  scopes: z.array(z.string().min(1).max(128)).max(20).openapi({ description: "Requested besides `openid`." }),
  groups_claim: z.string().min(1).max(256),
  group_roles: GroupRoles,
  default_role: Role.nullable(),
});
const o = OidcFields.shape;
const OidcInput = OidcFields.extend({
  scopes: o.scopes.optional(),
  groups_claim: o.groups_claim.optional(),
  group_roles: o.group_roles.optional(),
  default_role: o.default_role.optional(),
});
const LdapFields = z.object({
  url: z.string().max(2048),
  start_tls: z.boolean(),
  bind_mode: z.enum(["search", "template"]),
  service_dn: z.string().max(1024).nullable(),
  bind_dn_template: z.string().max(1024).nullable(),
  base_dn: z.string().max(1024),
  user_filter: z.string().max(1024),
  username_attribute: z.string().max(64),
  email_attribute: z.string().max(64),
  group_base_dn: z.string().max(1024).nullable(),
  group_roles: GroupRoles,
  default_role: Role.nullable(),
});
const f = LdapFields.shape;
const LdapInput = LdapFields.extend({
  service_dn: f.service_dn.default(null),
  bind_dn_template: f.bind_dn_template.default(null),
  user_filter: f.user_filter.default("(objectClass=person)"),
  username_attribute: f.username_attribute.default("uid"),
  email_attribute: f.email_attribute.default("mail"),
  group_base_dn: f.group_base_dn.default(null),
  group_roles: f.group_roles.default({}),
  default_role: f.default_role.default("member"),
});
export const CreateConnectionBody = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("saml"),
      name: z.string().min(1).max(100),
      enforced: z.boolean().default(false),
      metadata_xml: MetadataXml.optional(),
      saml: SamlInput.optional(),
    }),
    z.object({
      kind: z.literal("ldap"),
      name: z.string().min(1).max(100),
      enforced: z.boolean().default(false),
      ldap: LdapInput,
      service_password: z.string().max(1024).optional().openapi({ description: "Sealed at rest; never returned." }),
    }),
    z.object({
      kind: z.literal("oidc"),
      name: z.string().min(1).max(100),
      enforced: z.boolean().default(false),
      oidc: OidcInput,
      client_secret: z.string().min(1).max(1024).openapi({ description: "Sealed at rest; never returned." }),
    }),
  ])
  .openapi("CreateSsoConnectionRequest");
const Certificates = z.array(Certificate).max(5);
export const UpdateConnectionBody = z
  .object({
    name: z.string().min(1).max(100).optional(),
    enforced: z.boolean().optional(),
    metadata_xml: MetadataXml.optional().openapi({
      description: "SAML: the IdP's metadata again; its signing certificates replace the configured ones.",
    }),
    saml: SamlInput.optional().openapi({ description: "SAML: fields to change; `certificates` replaces the list." }),
    add_certificates: Certificates.optional().openapi({
      description:
        "SAML certificate rotation, step 1: trust the IdP's next certificate too (responses signed with either verify).",
    }),
    remove_certificates: Certificates.optional().openapi({
      description: "SAML certificate rotation, step 2: stop trusting the retired certificate (at least one stays).",
    }),
    // No defaults here: a field left out keeps its stored value.
    ldap: LdapFields.partial().optional().openapi({ description: "LDAP: fields to change." }),
    service_password: z
      .string()
      .min(1)
      .max(1024)
      .optional()
      .openapi({ description: "LDAP: a new service-account password, sealed at rest; never returned." }),
    oidc: OidcFields.partial()
      .optional()
      .openapi({ description: "OIDC: fields to change; the provider is discovered again from the issuer." }),
    client_secret: z
      .string()
      .min(1)
      .max(1024)
      .optional()
      .openapi({ description: "OIDC: a new client secret, sealed at rest; never returned." }),
  })
  .strict()
  .openapi("UpdateSsoConnectionRequest");
const SamlSettingsSchema = z
  .object({
    idp_entity_id: z.string(),
    sso_url: z.string(),
    certificates: z.array(z.string()).openapi({ description: "The IdP's signing certificates (public)." }),
    allow_sha1: z.boolean(),
    groups_attribute: z.string(),
    group_roles: GroupRoles,
    default_role: Role.nullable(),
  })
  .openapi("SsoSamlSettings");
const LdapSettingsSchema = LdapFields.openapi("SsoLdapSettings");
const OidcSettingsSchema = OidcFields.extend({
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  id_token_algs: z.array(z.enum(["RS256", "ES256"])).openapi({
    description: "The ID token algorithms accepted: what discovery declares, among RS256 and ES256.",
  }),
  token_endpoint_auth_method: z.enum(["client_secret_basic", "client_secret_post"]),
}).openapi("SsoOidcSettings");
/** What an organization's admins read back: the settings, never the sealed service password. */
export const ConnectionSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    kind: z.enum(["saml", "ldap", "oidc"]),
    name: z.string(),
    enforced: z.boolean(),
    config: z.union([SamlSettingsSchema, LdapSettingsSchema, OidcSettingsSchema]),
    has_service_password: z.boolean(),
    has_client_secret: z.boolean().optional().openapi({ description: "OIDC: whether a client secret is sealed." }),
    rp: z
      .object({ redirect_uri: z.string(), login_url: z.string() })
      .optional()
      .openapi({ description: "OIDC: the redirect URI to register at the provider, and where users start." }),
    sp: z
      .object({
        entityId: z.string(),
        acsUrl: z.string(),
        metadata_url: z.string(),
        login_url: z.string(),
      })
      .optional()
      .openapi({ description: "SAML: the service provider addresses to enter at the IdP." }),
    created_at: z.string(),
  })
  .openapi("SsoConnection");
export const DomainSchema = z
  .object({
    id: z.string(),
    domain: z.string(),
    verified: z.boolean(),
    txt_record: z.object({ name: z.string(), value: z.string() }),
  })
  .openapi("SsoDomain");
export const ConnectionParams = z.object({
  organization_id: OrganizationIdParam.shape.organization_id,
  connection_id: z
    .string()
    .regex(/^sso_\d{1,30}$/)
    .openapi({ param: { name: "connection_id", in: "path" } }),
});
export const DomainParams = z.object({
  organization_id: OrganizationIdParam.shape.organization_id,
  domain_id: z
    .string()
    .regex(/^sso_\d{1,30}$/)
    .openapi({ param: { name: "domain_id", in: "path" } }),
});

/** Tags and errors every SSO operation shares. */
export const common = {
  tags: ["Enterprise sign-on"],
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"] as ErrorCode[],
};
