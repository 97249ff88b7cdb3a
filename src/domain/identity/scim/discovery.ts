import { scimNotFound } from "./errors";
import { MAX_RESULTS } from "./protocol";
import { type AttributeDefinition, ENTERPRISE_ATTRIBUTES, GROUP_ATTRIBUTES, SCIM, USER_ATTRIBUTES } from "./schemas";

/**
 * The discovery documents (RFC 7644 §4, RFC 7643 §5–7) of a connection's base URL: what this
 * service provider supports, so an IdP or a tester adapts to it. Static but for their locations.
 */

const meta = (baseUrl: string, resourceType: string, path: string) => ({
  resourceType,
  location: `${baseUrl}/${path}`,
});

export function serviceProviderConfig(input: { baseUrl: string; documentationUri: string }) {
  return {
    schemas: [SCIM.serviceProviderConfig],
    documentationUri: input.documentationUri,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "Bearer token",
        description: "The connection's token, shown once when the connection is created or rotated (RFC 6750).",
        specUri: "https://www.rfc-editor.org/rfc/rfc6750",
        documentationUri: input.documentationUri,
        primary: true,
      },
    ],
    meta: meta(input.baseUrl, "ServiceProviderConfig", "ServiceProviderConfig"),
  };
}

const RESOURCE_TYPES = [
  {
    id: "User",
    name: "User",
    endpoint: "/Users",
    description: "A member of the organization",
    schema: SCIM.user,
    // RFC 7643 §6: the Enterprise User extension (§4.3) may be sent and is returned when set.
    schemaExtensions: [{ schema: SCIM.enterpriseUser, required: false }],
  },
  {
    id: "Group",
    name: "Group",
    endpoint: "/Groups",
    description: "A group, mapped to a role",
    schema: SCIM.group,
    schemaExtensions: [],
  },
];

function resourceType(baseUrl: string, t: (typeof RESOURCE_TYPES)[number]) {
  return {
    schemas: [SCIM.resourceType],
    ...t,
    meta: meta(baseUrl, "ResourceType", `ResourceTypes/${t.id}`),
  };
}

/** Common attributes (RFC 7643 §3.1) every resource's schema lists first. */
const COMMON: AttributeDefinition[] = [
  {
    name: "id",
    type: "string",
    multiValued: false,
    required: false,
    caseExact: true,
    mutability: "readOnly",
    returned: "always",
    uniqueness: "server",
    description: "The service's id of the resource.",
  },
  {
    name: "externalId",
    type: "string",
    multiValued: false,
    required: false,
    caseExact: true,
    mutability: "readWrite",
    returned: "default",
    uniqueness: "none",
    description: "The directory's id of the resource.",
  },
];

const SCHEMAS = [
  { id: SCIM.user, name: "User", description: "User account", attributes: [...COMMON, ...USER_ATTRIBUTES] },
  { id: SCIM.group, name: "Group", description: "Group", attributes: [...COMMON, ...GROUP_ATTRIBUTES] },
  {
    id: SCIM.enterpriseUser,
    name: "EnterpriseUser",
    description: "Enterprise User",
    attributes: ENTERPRISE_ATTRIBUTES,
  },
];

function schema(baseUrl: string, s: (typeof SCHEMAS)[number]) {
  return { schemas: [SCIM.schema], ...s, meta: meta(baseUrl, "Schema", `Schemas/${s.id}`) };
}

const list = (resources: unknown[]) => ({
  schemas: [SCIM.listResponse],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export function resourceTypes(input: { baseUrl: string; id?: string | undefined }) {
  if (input.id === undefined) return list(RESOURCE_TYPES.map((t) => resourceType(input.baseUrl, t)));
  const found = RESOURCE_TYPES.find((t) => t.id === input.id);
  if (!found) throw scimNotFound("ResourceType");
  return resourceType(input.baseUrl, found);
}

export function schemas(input: { baseUrl: string; id?: string | undefined }) {
  if (input.id === undefined) return list(SCHEMAS.map((s) => schema(input.baseUrl, s)));
  const found = SCHEMAS.find((s) => s.id === input.id);
  if (!found) throw scimNotFound("Schema");
  return schema(input.baseUrl, found);
}
