/**
 * SCIM 2.0 (RFC 7644) at `/scim/v2/{connection}/…`, outside /v1, described for the same document:
 * its answers are SCIM's (application/scim+json, RFC 7644 §3.12 errors), not the /v1 envelope, and its
 * routes are plain Hono routes (src/routes/scim), so their description lives here, as the
 * authorization server's does (openapi-authorization-server.ts). test/http/openapi.test.ts fails when
 * a served SCIM route is missing from it or the reverse. The resources' attributes are the service
 * provider's own to describe (GET …/Schemas, RFC 7643 §7); here they are open objects.
 */

const TAG = "SCIM provisioning";
const SCIM_JSON = "application/scim+json";

const resourceSchema = { $ref: "#/components/schemas/ScimResource" };
/** The connection's limits (the enterprise tier's, per connection), on every authenticated answer. */
const LIMIT_HEADERS = {
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
};
const scimAnswer = (description: string, schema: Record<string, unknown> = resourceSchema) => ({
  description,
  headers: { "Cache-Control": { $ref: "#/components/headers/Cache-Control-No-Store" }, ...LIMIT_HEADERS },
  content: { [SCIM_JSON]: { schema } },
});
const scimErrorAnswer = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  headers: { ...LIMIT_HEADERS, ...extra },
  content: { [SCIM_JSON]: { schema: { $ref: "#/components/schemas/ScimError" } } },
});

/** Every SCIM operation can answer these. */
const COMMON_ERRORS = {
  400: scimErrorAnswer(
    "`invalidSyntax`, `invalidValue`, `invalidFilter`, `invalidPath`, `noTarget`, `tooMany` or `mutability` (RFC 7644 §3.12)",
  ),
  401: scimErrorAnswer(
    "No bearer token, or not the live token of this connection (another connection's, a rotated or a revoked one)",
  ),
  404: scimErrorAnswer("No such resource or endpoint on this connection"),
  413: scimErrorAnswer("The body is larger than 64 KiB"),
  429: scimErrorAnswer("The connection's rate limit: retry after Retry-After seconds", {
    "Retry-After": { $ref: "#/components/headers/Retry-After" },
  }),
  500: scimErrorAnswer("The service could not complete the request"),
};

const text = (maxLength: number) => ({ type: "string", maxLength });
const connectionParameter = {
  name: "connection",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^scim_[0-9]{1,30}$" },
};
const idParameter = { name: "id", in: "path", required: true, schema: text(128) };
const ifMatch = {
  name: "if-match",
  in: "header",
  required: false,
  schema: text(64),
  description: "RFC 7644 §3.14: apply only to this version (the ETag).",
};
const listParameters = [
  {
    name: "filter",
    in: "query",
    required: false,
    schema: text(1024),
    description:
      'One `eq` comparison: `userName eq "…"`, `externalId eq "…"`, `id eq "…"` (Users) or `displayName eq "…"` (Groups).',
  },
  { name: "startIndex", in: "query", required: false, schema: { type: "integer", format: "int32", minimum: 1 } },
  {
    name: "count",
    in: "query",
    required: false,
    schema: { type: "integer", format: "int32", minimum: 0, maximum: 100 },
  },
  { name: "attributes", in: "query", required: false, schema: text(1024) },
  { name: "excludedAttributes", in: "query", required: false, schema: text(1024) },
];
const projection = listParameters.slice(3);
const body = (description: string, schema: Record<string, unknown> = resourceSchema) => ({
  required: true,
  description,
  content: { [SCIM_JSON]: { schema } },
});

function resourceOperations(
  name: "User" | "Group",
  plural: "Users" | "Groups",
  notes: { create: string; patch: string; remove: string },
) {
  const op = (operationId: string, summary: string, description: string, extra: Record<string, unknown>) => ({
    operationId,
    tags: [TAG],
    summary,
    description,
    security: [{ scimBearer: [] }],
    ...extra,
  });
  return {
    [`/scim/v2/{connection}/${plural}`]: {
      get: op(
        `scimList${plural}`,
        `List ${plural} (RFC 7644 §3.4.2)`,
        `A page of the connection's ${plural}, oldest first.`,
        {
          parameters: [connectionParameter, ...listParameters],
          responses: {
            200: scimAnswer("A ListResponse", { $ref: "#/components/schemas/ScimListResponse" }),
            ...COMMON_ERRORS,
          },
        },
      ),
      post: op(`scimCreate${name}`, `Create a ${name} (RFC 7644 §3.3)`, notes.create, {
        parameters: [connectionParameter],
        requestBody: body(`A ${name} resource`),
        responses: {
          201: {
            ...scimAnswer(`The ${name}, with Location and ETag`),
            headers: {
              ...LIMIT_HEADERS,
              "Cache-Control": { $ref: "#/components/headers/Cache-Control-No-Store" },
              Location: { schema: text(512) },
              ETag: { schema: text(64) },
            },
          },
          409: scimErrorAnswer("`uniqueness`"),
          ...COMMON_ERRORS,
        },
      }),
    },
    [`/scim/v2/{connection}/${plural}/.search`]: {
      post: op(
        `scimSearch${plural}`,
        `Search ${plural} with a POST body (RFC 7644 §3.4.3)`,
        "The same query as the list, in a SearchRequest.",
        {
          parameters: [connectionParameter],
          requestBody: body("A SearchRequest", { $ref: "#/components/schemas/ScimSearchRequest" }),
          responses: {
            200: scimAnswer("A ListResponse", { $ref: "#/components/schemas/ScimListResponse" }),
            ...COMMON_ERRORS,
          },
        },
      ),
    },
    [`/scim/v2/{connection}/${plural}/{id}`]: {
      get: op(`scimGet${name}`, `Read a ${name} (RFC 7644 §3.4.1)`, `One ${name} of the connection, with its ETag.`, {
        parameters: [connectionParameter, idParameter, ...projection],
        responses: { 200: scimAnswer(`The ${name}`), ...COMMON_ERRORS },
      }),
      put: op(
        `scimReplace${name}`,
        `Replace a ${name} (RFC 7644 §3.5.1)`,
        `The ${name}'s attributes become the body's, under the same rules as a creation.`,
        {
          parameters: [connectionParameter, idParameter, ifMatch],
          requestBody: body(`A ${name} resource`),
          responses: {
            200: scimAnswer(`The ${name}`),
            409: scimErrorAnswer("`uniqueness`"),
            412: scimErrorAnswer("If-Match names another version"),
            ...COMMON_ERRORS,
          },
        },
      ),
      patch: op(`scimPatch${name}`, `Modify a ${name} (RFC 7644 §3.5.2)`, notes.patch, {
        parameters: [connectionParameter, idParameter, ifMatch],
        requestBody: body("A PatchOp message", { $ref: "#/components/schemas/ScimPatchOp" }),
        responses: {
          200: scimAnswer(`The ${name}`),
          409: scimErrorAnswer("`uniqueness`"),
          412: scimErrorAnswer("If-Match names another version"),
          ...COMMON_ERRORS,
        },
      }),
      delete: op(`scimDelete${name}`, `Delete a ${name} (RFC 7644 §3.6)`, notes.remove, {
        parameters: [connectionParameter, idParameter, ifMatch],
        responses: {
          204: { description: "Deleted", headers: LIMIT_HEADERS },
          412: scimErrorAnswer("If-Match names another version"),
          ...COMMON_ERRORS,
        },
      }),
    },
  };
}

function discovery(path: string, operationId: string, summary: string, withId: boolean) {
  return {
    [`/scim/v2/{connection}/${path}${withId ? "/{id}" : ""}`]: {
      get: {
        operationId,
        tags: [TAG],
        summary,
        description: "What this service provider supports (RFC 7644 §4); read-only: other methods are 405.",
        security: [{ scimBearer: [] }],
        parameters: withId ? [connectionParameter, { ...idParameter, schema: text(256) }] : [connectionParameter],
        responses: { 200: scimAnswer(summary, { type: "object", additionalProperties: true }), ...COMMON_ERRORS },
      },
    },
  };
}

export function scimPaths(origin: string, serverDescription: string) {
  const servers = [
    { url: origin, description: `SCIM 2.0 service provider (${serverDescription})`, "x-internal": false },
  ];
  const paths: Record<string, Record<string, unknown>> = {
    ...discovery(
      "ServiceProviderConfig",
      "scimServiceProviderConfig",
      "Service provider configuration (RFC 7643 §5)",
      false,
    ),
    ...discovery("ResourceTypes", "scimListResourceTypes", "Resource types (RFC 7643 §6)", false),
    ...discovery("ResourceTypes", "scimGetResourceType", "One resource type (RFC 7643 §6)", true),
    ...discovery("Schemas", "scimListSchemas", "Schemas (RFC 7643 §7)", false),
    ...discovery("Schemas", "scimGetSchema", "One schema (RFC 7643 §7)", true),
    ...resourceOperations("User", "Users", {
      create:
        "userName and every email must be addresses in the organization's verified domains (else 400 `invalidValue`, nothing created); the account with that email is linked if its holder verified it (an unverified one: 409), else created. Active users become members with the role their groups map to (never owner).",
      patch:
        "Add, remove, replace (Okta's and Entra ID's forms). `active: false` ends the member's access to the organization at once.",
      remove: "Ends the member's access to the organization as `active: false` does; the account stays its holder's.",
    }),
    ...resourceOperations("Group", "Groups", {
      create:
        "Members must be Users of this connection. A group whose displayName the connection maps gives its active members that role (admin or member, never owner).",
      patch: 'Typically `add` / `remove` of `members` (or `members[value eq "…"]`); the members\' roles follow.',
      remove: "The group's members lose the role it gave them.",
    }),
  };
  paths["/scim/v2/{connection}/.search"] = {
    post: {
      operationId: "scimSearch",
      tags: [TAG],
      summary: "Search every resource type (RFC 7644 §3.4.3)",
      description: "Users, then Groups, with the filter where it applies, paged as one list.",
      security: [{ scimBearer: [] }],
      parameters: [connectionParameter],
      requestBody: body("A SearchRequest", { $ref: "#/components/schemas/ScimSearchRequest" }),
      responses: {
        200: scimAnswer("A ListResponse", { $ref: "#/components/schemas/ScimListResponse" }),
        ...COMMON_ERRORS,
      },
    },
  };
  for (const item of Object.values(paths)) item.servers = servers;
  return paths;
}

const openObject = { type: "object", additionalProperties: true };

export const scimSchemas = {
  ScimResource: {
    ...openObject,
    description: "A SCIM User or Group (RFC 7643 §4); its attributes are listed by GET …/Schemas.",
    properties: { schemas: { type: "array", maxItems: 10, items: text(256) }, id: text(128) },
  },
  ScimListResponse: {
    type: "object",
    required: ["schemas", "totalResults", "Resources"],
    properties: {
      schemas: { type: "array", maxItems: 1, items: text(256) },
      totalResults: { type: "integer", format: "int32", minimum: 0 },
      startIndex: { type: "integer", format: "int32", minimum: 1 },
      itemsPerPage: { type: "integer", format: "int32", minimum: 0 },
      Resources: { type: "array", maxItems: 100, items: { $ref: "#/components/schemas/ScimResource" } },
    },
  },
  ScimPatchOp: {
    type: "object",
    required: ["schemas", "Operations"],
    properties: {
      schemas: {
        type: "array",
        maxItems: 1,
        items: { type: "string", enum: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"] },
      },
      Operations: {
        type: "array",
        minItems: 1,
        maxItems: 100,
        items: {
          type: "object",
          required: ["op"],
          properties: {
            op: { type: "string", pattern: "^(?:[Aa]dd|[Rr]emove|[Rr]eplace)$", maxLength: 7 },
            path: text(1024),
            value: {},
          },
        },
      },
    },
  },
  ScimSearchRequest: {
    type: "object",
    properties: {
      schemas: { type: "array", maxItems: 1, items: text(256) },
      filter: text(1024),
      startIndex: { type: "integer", format: "int32", minimum: 1 },
      count: { type: "integer", format: "int32", minimum: 0, maximum: 100 },
      attributes: { type: "array", maxItems: 50, items: text(256) },
      excludedAttributes: { type: "array", maxItems: 50, items: text(256) },
    },
  },
  ScimError: {
    type: "object",
    required: ["schemas", "status"],
    properties: {
      schemas: {
        type: "array",
        maxItems: 1,
        items: { type: "string", enum: ["urn:ietf:params:scim:api:messages:2.0:Error"] },
      },
      status: {
        type: "string",
        pattern: "^[0-9]{3}$",
        maxLength: 3,
        description: "The HTTP status, as a string (RFC 7644 §3.12)",
      },
      scimType: text(32),
      detail: text(1024),
    },
  },
};

export const scimSecuritySchemes = {
  scimBearer: {
    type: "http",
    scheme: "bearer",
    description:
      "A SCIM connection's token (`sascim_…`), shown once when an organization's admin creates or rotates the connection (POST /v1/organizations/{organization_id}/scim/connections). It acts for that connection only.",
  },
};

export const scimTags = [
  {
    name: TAG,
    description:
      "SCIM 2.0 (RFC 7643, RFC 7644): an organization's directory (Okta, Entra ID, Google Workspace) provisions and deprovisions its members. Outside /v1, at the origin; answers in SCIM's own format.",
  },
];
