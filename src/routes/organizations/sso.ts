import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { requireRecentCheck } from "../../domain/identity/mfa/factors";
import {
  connectionOf,
  createConnection,
  deleteConnection,
  listConnections,
  updateConnection,
} from "../../domain/identity/sso/connections";
import { addDomain, listDomains, verifyDomain } from "../../domain/identity/sso/domains";
import { membershipIn } from "../../domain/organizations/access";
import { requireRole } from "../../domain/organizations/roles";
import type { ErrorCode } from "../../errors";
import { envelopeSchema, MessageOnlySchema, ok } from "../../http/envelope";
import type { router } from "../../http/openapi";
import { requestMeta } from "../../http/request-meta";
import { defineRoute } from "../../http/route";
import { OrganizationIdParam } from "./schemas";

const Role = z.enum(["owner", "admin", "member"]);
const GroupRoles = z.record(z.string().max(256), Role);
const SamlInput = z.object({
  idp_entity_id: z.string().max(1024).optional(),
  sso_url: z.string().max(2048).optional(),
  certificates: z.array(z.string().max(16_384)).max(5).optional(),
  allow_sha1: z.boolean().optional(),
  groups_attribute: z.string().max(256).optional(),
  group_roles: GroupRoles.optional(),
  default_role: Role.nullable().optional(),
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
const CreateConnectionBody = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("saml"),
      name: z.string().min(1).max(100),
      enforced: z.boolean().default(false),
      metadata_xml: z.string().max(200_000).optional(),
      saml: SamlInput.optional(),
    }),
    z.object({
      kind: z.literal("ldap"),
      name: z.string().min(1).max(100),
      enforced: z.boolean().default(false),
      ldap: LdapInput,
      service_password: z.string().max(1024).optional().openapi({ description: "Sealed at rest; never returned." }),
    }),
  ])
  .openapi("CreateSsoConnectionRequest");
const Certificates = z.array(z.string().max(16_384)).max(5);
const UpdateConnectionBody = z
  .object({
    name: z.string().min(1).max(100).optional(),
    enforced: z.boolean().optional(),
    metadata_xml: z.string().max(200_000).optional().openapi({
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
  })
  .strict()
  .openapi("UpdateSsoConnectionRequest");
const ConnectionSchema = z.object({}).passthrough().openapi("SsoConnection");
const DomainSchema = z
  .object({
    id: z.string(),
    domain: z.string(),
    verified: z.boolean(),
    txt_record: z.object({ name: z.string(), value: z.string() }),
  })
  .openapi("SsoDomain");
const ConnectionParams = z.object({
  organization_id: OrganizationIdParam.shape.organization_id,
  connection_id: z
    .string()
    .regex(/^sso_\d{1,30}$/)
    .openapi({ param: { name: "connection_id", in: "path" } }),
});
const DomainParams = z.object({
  organization_id: OrganizationIdParam.shape.organization_id,
  domain_id: z
    .string()
    .regex(/^sso_\d{1,30}$/)
    .openapi({ param: { name: "domain_id", in: "path" } }),
});

const common = {
  tags: ["Enterprise sign-on"],
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"] as ErrorCode[],
};

const create = defineRoute({
  operationId: "createSsoConnection",
  description:
    "SAML from IdP metadata XML or fields (entity id, SSO URL, certificates); LDAP with its service password sealed at rest and never returned. Audited.",
  method: "post",
  path: "/{organization_id}/sso/connections",
  ...common,
  summary: "Add a SAML or LDAP connection (admins and owners)",
  scope: "organizations:write",
  request: {
    params: OrganizationIdParam,
    body: { required: true, content: { "application/json": { schema: CreateConnectionBody } } },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: envelopeSchema(ConnectionSchema) } } },
  },
  errors: [...common.errors, "SSO_CONNECTION_INVALID", "MFA_REQUIRED"],
});
const list = defineRoute({
  operationId: "listSsoConnections",
  description: "Each SAML connection carries the SP entity id, ACS URL and login URL to paste into the IdP.",
  method: "get",
  path: "/{organization_id}/sso/connections",
  ...common,
  summary: "List connections (admins and owners)",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: {
      description: "Connections",
      content: { "application/json": { schema: envelopeSchema(z.array(ConnectionSchema)) } },
    },
  },
});
const get = defineRoute({
  operationId: "getSsoConnection",
  description: "One connection of the organization; another organization's is a 404.",
  method: "get",
  path: "/{organization_id}/sso/connections/{connection_id}",
  ...common,
  summary: "Read a connection and its SP addresses (admins and owners)",
  scope: "organizations:read",
  request: { params: ConnectionParams },
  responses: {
    200: { description: "Connection", content: { "application/json": { schema: envelopeSchema(ConnectionSchema) } } },
  },
});
const update = defineRoute({
  operationId: "updateSsoConnection",
  description:
    "Changes merge onto the connection and are validated as a whole. Rotate an IdP certificate without downtime: `add_certificates` with the new one before the IdP switches, `remove_certificates` with the old one after. A new LDAP `service_password` is sealed again. Audited (certificates as SHA-256 fingerprints, never secrets); another organization's connection is a 404.",
  method: "patch",
  path: "/{organization_id}/sso/connections/{connection_id}",
  ...common,
  summary: "Change a connection: name, enforcement, SAML certificates, LDAP settings (admins and owners)",
  scope: "organizations:write",
  request: {
    params: ConnectionParams,
    body: { required: true, content: { "application/json": { schema: UpdateConnectionBody } } },
  },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: envelopeSchema(ConnectionSchema) } } },
  },
  errors: [...common.errors, "SSO_CONNECTION_INVALID", "MFA_REQUIRED"],
});
const remove = defineRoute({
  operationId: "deleteSsoConnection",
  description:
    "Sign-in through it stops at once (members keep their accounts and memberships; with enforcement gone, password sign-in works again). Audited; another organization's connection is a 404.",
  method: "delete",
  path: "/{organization_id}/sso/connections/{connection_id}",
  ...common,
  summary: "Delete a connection (admins and owners)",
  scope: "organizations:write",
  request: { params: ConnectionParams },
  responses: { 200: { description: "Deleted", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: [...common.errors, "MFA_REQUIRED"],
});
const addDomainRoute = defineRoute({
  operationId: "addSsoDomain",
  description: "Returns the DNS TXT record that proves ownership. Audited.",
  method: "post",
  path: "/{organization_id}/sso/domains",
  ...common,
  summary: "Claim an email domain; publish the returned TXT record, then verify",
  scope: "organizations:write",
  request: {
    params: OrganizationIdParam,
    body: { required: true, content: { "application/json": { schema: z.object({ domain: z.string().max(253) }) } } },
  },
  responses: {
    201: { description: "Added", content: { "application/json": { schema: envelopeSchema(DomainSchema) } } },
  },
});
const listDomainsRoute = defineRoute({
  operationId: "listSsoDomains",
  description: "With their verification state and TXT record.",
  method: "get",
  path: "/{organization_id}/sso/domains",
  ...common,
  summary: "List the organization's email domains",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: { description: "Domains", content: { "application/json": { schema: envelopeSchema(z.array(DomainSchema)) } } },
  },
});
const verifyDomainRoute = defineRoute({
  operationId: "verifySsoDomain",
  description:
    "Reads the TXT record over DNS-over-HTTPS; 422 until it is visible. A domain is verified by one organization at a time: 409 `SSO_DOMAIN_TAKEN` while another holds it. Audited.",
  method: "post",
  path: "/{organization_id}/sso/domains/{domain_id}/verify",
  ...common,
  errors: [...common.errors, "SSO_DOMAIN_TAKEN"],
  summary: "Check the domain's TXT record over DNS-over-HTTPS",
  scope: "organizations:write",
  request: { params: DomainParams },
  responses: {
    200: { description: "Verified", content: { "application/json": { schema: envelopeSchema(DomainSchema) } } },
  },
});

export function mountSso(app: ReturnType<typeof router>) {
  app.openapi(create, async (c) => {
    await requireRecentCheck(contextOf(c), c.get("principal"));
    const body = c.req.valid("json");
    const view = await createConnection(
      contextOf(c),
      c.get("principal"),
      requestMeta(c),
      c.req.valid("param").organization_id,
      body,
    );
    return c.json(ok(view, "Connection created"), 201);
  });
  app.openapi(list, async (c) => {
    const views = await listConnections(contextOf(c), c.get("principal"), c.req.valid("param").organization_id);
    return c.json(ok(views), 200);
  });
  app.openapi(get, async (c) => {
    const { organization_id, connection_id } = c.req.valid("param");
    return c.json(ok(await connectionOf(contextOf(c), c.get("principal"), organization_id, connection_id)), 200);
  });
  app.openapi(update, async (c) => {
    await requireRecentCheck(contextOf(c), c.get("principal"));
    const { organization_id, connection_id } = c.req.valid("param");
    const view = await updateConnection(
      contextOf(c),
      c.get("principal"),
      requestMeta(c),
      organization_id,
      connection_id,
      c.req.valid("json"),
    );
    return c.json(ok(view, "Connection updated"), 200);
  });
  app.openapi(remove, async (c) => {
    await requireRecentCheck(contextOf(c), c.get("principal"));
    const { organization_id, connection_id } = c.req.valid("param");
    await deleteConnection(contextOf(c), c.get("principal"), requestMeta(c), organization_id, connection_id);
    return c.json({ success: true as const, message: "Connection deleted" }, 200);
  });
  app.openapi(addDomainRoute, async (c) => {
    const id = c.req.valid("param").organization_id;
    const { role } = await membershipIn(c.env.DB, c.get("principal"), id);
    requireRole(role, "admin");
    const view = await addDomain(c.env.DB, c.get("principal"), requestMeta(c), id, c.req.valid("json").domain);
    return c.json(ok(view, "Domain added"), 201);
  });
  app.openapi(listDomainsRoute, async (c) => {
    const id = c.req.valid("param").organization_id;
    const { role } = await membershipIn(c.env.DB, c.get("principal"), id);
    requireRole(role, "admin");
    return c.json(ok(await listDomains(c.env.DB, id)), 200);
  });
  app.openapi(verifyDomainRoute, async (c) => {
    const { organization_id, domain_id } = c.req.valid("param");
    const { role } = await membershipIn(c.env.DB, c.get("principal"), organization_id);
    requireRole(role, "admin");
    const view = await verifyDomain(contextOf(c), c.get("principal"), requestMeta(c), organization_id, domain_id);
    return c.json(ok(view, "Domain verified"), 200);
  });
}
