import { z } from "@hono/zod-openapi";
import { connectionOf, createConnection, listConnections } from "../../domain/identity/sso/connections";
import { addDomain, listDomains, verifyDomain } from "../../domain/identity/sso/domains";
import { membershipIn } from "../../domain/organizations/access";
import { appendAudit } from "../../domain/organizations/audit";
import { requireRole } from "../../domain/organizations/roles";
import type { ErrorCode } from "../../errors";
import { envelopeSchema, ok } from "../../http/envelope";
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
const LdapInput = z.object({
  url: z.string().max(2048),
  start_tls: z.boolean(),
  bind_mode: z.enum(["search", "template"]),
  service_dn: z.string().max(1024).nullable().default(null),
  bind_dn_template: z.string().max(1024).nullable().default(null),
  base_dn: z.string().max(1024),
  user_filter: z.string().max(1024).default("(objectClass=person)"),
  username_attribute: z.string().max(64).default("uid"),
  email_attribute: z.string().max(64).default("mail"),
  group_base_dn: z.string().max(1024).nullable().default(null),
  group_roles: GroupRoles.default({}),
  default_role: Role.nullable().default("member"),
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
  errors: [...common.errors, "SSO_CONNECTION_INVALID"],
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
  description: "Reads the TXT record over DNS-over-HTTPS; 422 until it is visible. Audited.",
  method: "post",
  path: "/{organization_id}/sso/domains/{domain_id}/verify",
  ...common,
  summary: "Check the domain's TXT record over DNS-over-HTTPS",
  scope: "organizations:write",
  request: { params: DomainParams },
  responses: {
    200: { description: "Verified", content: { "application/json": { schema: envelopeSchema(DomainSchema) } } },
  },
});

export function mountSso(app: ReturnType<typeof router>) {
  app.openapi(create, async (c) => {
    const body = c.req.valid("json");
    const view = await createConnection(
      c.env,
      c.get("principal"),
      requestMeta(c),
      c.req.valid("param").organization_id,
      body,
    );
    return c.json(ok(view, "Connection created"), 201);
  });
  app.openapi(list, async (c) => {
    const views = await listConnections(c.env, c.get("principal"), c.req.valid("param").organization_id);
    return c.json(ok(views), 200);
  });
  app.openapi(get, async (c) => {
    const { organization_id, connection_id } = c.req.valid("param");
    return c.json(ok(await connectionOf(c.env, c.get("principal"), organization_id, connection_id)), 200);
  });
  app.openapi(addDomainRoute, async (c) => {
    const id = c.req.valid("param").organization_id;
    const { role } = await membershipIn(c.env.DB, c.get("principal"), id);
    requireRole(role, "admin");
    const view = await addDomain(c.env.DB, id, c.req.valid("json").domain);
    await appendAudit(c.env.DB, id, c.get("principal"), requestMeta(c), {
      action: "sso.domain_added",
      targetType: "sso_domain",
      targetId: view.id,
      after: { domain: view.domain },
    });
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
    const view = await verifyDomain(c.env, organization_id, domain_id);
    await appendAudit(c.env.DB, organization_id, c.get("principal"), requestMeta(c), {
      action: "sso.domain_verified",
      targetType: "sso_domain",
      targetId: view.id,
      after: { domain: view.domain },
    });
    return c.json(ok(view, "Domain verified"), 200);
  });
}
