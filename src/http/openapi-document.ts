import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Bindings } from "../bindings";
import { SCOPES } from "../domain/identity/scopes";
import { CURRENT_API_VERSION } from "./api-versions";
import type { AppEnv } from "./app-env";
import {
  authorizationServerPaths,
  authorizationServerSchemas,
  authorizationServerSecuritySchemes,
  authorizationServerTags,
} from "./openapi-authorization-server";
import { addCreationLinks } from "./openapi-links";
import { scimPaths, scimSchemas, scimSecuritySchemes, scimTags } from "./openapi-scim";
import { OrganizationIdHeader } from "./schemas";

export function registerSecuritySchemes(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerParameter("OrganizationId", OrganizationIdHeader);
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "An access token from /v1/auth/login, /v1/auth/register, /v1/auth/refresh or the OAuth token endpoint: an ES256 JWT (RFC 9068 profile) handled per RFC8725 (JWT best current practices: one algorithm, `kid`-selected keys, `iss`/`aud`/`exp` checked). Login tokens live 24 h, OAuth access tokens 1 h; refresh with a refresh token.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description: "An API key from POST /v1/api-keys (also accepted as `Authorization: Bearer <key>`).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "oauth2", {
    type: "oauth2",
    description:
      "OAuth 2.0 (RFC 6749) with PKCE; access tokens are JWTs handled per RFC8725 and expire after 1 hour; the authorization-code grant issues rotating refresh tokens.",
    flows: {
      authorizationCode: {
        authorizationUrl: "/oauth2/authorize",
        tokenUrl: "/oauth2/token",
        refreshUrl: "/oauth2/token",
        scopes: { ...SCOPES },
      },
      clientCredentials: { tokenUrl: "/oauth2/token", scopes: { ...SCOPES } },
    },
  });
}

/** Top-level tags, in the order the reference shows them. */
const TAGS = [
  { name: "Authentication", description: "Accounts and first-party tokens: register, sign in, refresh, sign out." },
  { name: "Users", description: "The caller's profile, preferences and usage statistics." },
  { name: "Sessions", description: "Submit analysis sessions, follow them, change or cancel them." },
  { name: "Analysis", description: "A session's analysis results and the stages it went through." },
  { name: "Live progress", description: "A session's progress over a WebSocket." },
  { name: "Billing", description: "Credits, packages, purchases, payment methods and the transaction history." },
  { name: "Webhooks", description: "Event subscriptions, their delivery log, replays and test events." },
  { name: "API keys", description: "Long-lived keys for server-to-server access, with scopes and expiry." },
  {
    name: "Second factors",
    description:
      'Authenticator apps (TOTP) and recovery codes: sign-in then asks for a second factor (docs/security.md "Second factors").',
  },
  { name: "OAuth clients", description: "Register applications that use the authorization server." },
  {
    name: "Organizations",
    description:
      "Shared workspaces: members and roles, invitations, the audit log and the organization's billing. Act for one with X-Organization-Id.",
  },
  { name: "Exports", description: "Streamed CSV and NDJSON exports of sessions, transactions and (admins) users." },
  { name: "Admin", description: "System status and service-wide analytics, for administrators." },
  ...authorizationServerTags,
  ...scimTags,
];

/** Response headers, declared once and referenced from every response that carries them. */
const HEADERS = {
  RateLimit: {
    description:
      'Remaining quota of the most constrained window (draft-ietf-httpapi-ratelimit-headers), e.g. `"minute";r=99;t=60`.',
    schema: { type: "string", maxLength: 256 },
  },
  "RateLimit-Policy": {
    description: 'The rate-limit windows that apply to this caller, e.g. `"minute";q=100;w=60, "day";q=1000;w=86400`.',
    schema: { type: "string", maxLength: 256 },
  },
  "X-Request-Id": {
    description: "This request's id (also `error.request_id`); a sane client-sent X-Request-Id is echoed.",
    schema: { type: "string", maxLength: 64 },
  },
  "X-API-Version": {
    description: "The API version (a release date) that served this response; see the X-Client-Version parameter.",
    schema: { type: "string", format: "date", maxLength: 10 },
  },
  "Access-Control-Allow-Origin": {
    description:
      "`*` on a cross-origin request (one with `Origin`): any origin may call /v1 with a bearer token or API key (no cookies; docs/decisions.md, CORS).",
    schema: { type: "string", enum: ["*"] },
  },
  "Retry-After": {
    description: "Seconds to wait before retrying (RFC 9110 §10.2.3).",
    schema: { type: "integer", format: "int32", minimum: 0, maximum: 86_400 },
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this response is the stored response of an earlier request with the same Idempotency-Key (the work was not done again).",
    schema: { type: "string", enum: ["true"] },
  },
  "X-D1-Bookmark": {
    description:
      "The latest database state this request read or wrote (a D1 bookmark). Send it back as the X-D1-Bookmark request header to read your own writes from any replica (docs/consistency.md).",
    schema: { type: "string", pattern: "^[0-9A-Za-z-]{1,128}$", maxLength: 128 },
  },
  "Cache-Control-No-Store": {
    description: "`no-store`: token responses must not be cached (RFC 6749 §5.1).",
    schema: { type: "string", maxLength: 64 },
  },
} as const;

const CLIENT_VERSION_PARAMETER = {
  name: "X-Client-Version",
  in: "header",
  required: false,
  description:
    "Pins the API behaviour to a release date (`YYYY-MM-DD`): the newest version released on or before it serves the request (see `X-API-Version`). Omit for the current version; a malformed date is 400 INVALID_FIELD_VALUE.",
  schema: { type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$", maxLength: 10 },
  example: CURRENT_API_VERSION,
};

const D1_BOOKMARK_PARAMETER = {
  name: "X-D1-Bookmark",
  in: "header",
  required: false,
  description:
    "A bookmark from an earlier response's X-D1-Bookmark header: this request is served from that database state or newer (read-your-own-writes across replicas, docs/consistency.md). Omit to read from any replica; a malformed value is 422 INVALID_FIELD_VALUE.",
  schema: { type: "string", pattern: "^[0-9A-Za-z-]{1,128}$", maxLength: 128 },
};

/**
 * A malformed request header is refused with 400 INVALID_FIELD_VALUE (docs/errors.md: 422 is for
 * body and query fields) on every /v1 operation: X-Client-Version on all of them, X-Organization-Id
 * where it is declared. The 400 the route's own codes give, or one of its own.
 */
function documentHeaderRefusal(op: Operation): void {
  const headers = (op.parameters ?? []).some(
    (p) => p.name === "x-organization-id" || p.$ref === "#/components/parameters/OrganizationId",
  )
    ? "`X-Client-Version` or `X-Organization-Id`"
    : "`X-Client-Version`";
  const line = `\`INVALID_FIELD_VALUE\` — a malformed request header (${headers}).`;
  op.responses ??= {};
  const existing = op.responses["400"];
  if (existing) existing.description = `${existing.description}<br>${line}`;
  else
    op.responses["400"] = {
      description: line,
      content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
    };
}

const ref = (kind: "headers" | "parameters", name: string) => ({ $ref: `#/components/${kind}/${name}` });
/** Statuses an idempotent operation stores and replays (src/middleware/idempotency.ts). */
const replayable = (status: number) =>
  (status >= 200 && status < 300) || status === 402 || status === 404 || status === 409;
/** Sent by every /v1 response (request-id, client-version, rate-limit and CORS middleware). */
const V1_HEADERS = ["RateLimit", "RateLimit-Policy", "X-Request-Id", "X-API-Version", "Access-Control-Allow-Origin"];

function environmentName(env: Pick<Bindings, "ENVIRONMENT"> | undefined, origin: string): string {
  const name = env?.ENVIRONMENT ?? "development";
  return name === "development" ? `development (local) at ${origin}` : `${name} at ${origin}`;
}

type Doc = ReturnType<OpenAPIHono<AppEnv>["getOpenAPI31Document"]>;
type Operation = {
  parameters?: Array<Record<string, unknown>>;
  responses?: Record<string, { headers?: Record<string, unknown>; description?: string; content?: unknown }>;
};

/**
 * The served document: what the routes declare (defineRoute), plus what every
 * operation shares — response headers, the X-Client-Version parameter, tags,
 * licence, servers — and the authorization server outside /v1.
 */
export function openApiDocument(v1: OpenAPIHono<AppEnv>, origin: string, env?: Pick<Bindings, "ENVIRONMENT">) {
  const environment = environmentName(env, origin);
  const doc: Doc = v1.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Session Analysis Service API",
      version: CURRENT_API_VERSION,
      description: [
        "JSON-over-HTTP API for analysis sessions. Every /v1 response uses the envelope `{success, data, message}` or `{success: false, error}`.",
        "Errors list their codes per status; the full catalogue is in the `ErrorEnvelope` schema. A method a path does not serve is 405 with `Allow`.",
        "Send `X-Client-Version: YYYY-MM-DD` to pin an API version; the served version is in `X-API-Version`.",
        "The authorization server's endpoints (tag *Authorization server*) live at the origin, outside /v1, and speak the OAuth RFCs' formats.",
      ].join("\n\n"),
      // OpenAPI 3.1 licence by SPDX identifier (a LicenseRef: the service is not open source).
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" } as never,
      contact: { name: "Session Analysis Service API support", url: `${origin}/v1/docs` },
    },
    servers: [{ url: `${origin}/v1`, description: `API (${environment})`, "x-internal": false } as never],
  });

  doc.components ??= {};
  const components = doc.components as Record<string, Record<string, unknown>>;
  components.headers = { ...HEADERS };
  components.parameters = {
    ...(components.parameters ?? {}),
    XClientVersion: CLIENT_VERSION_PARAMETER,
    XD1Bookmark: D1_BOOKMARK_PARAMETER,
  };
  components.schemas = { ...(components.schemas ?? {}), ...authorizationServerSchemas, ...scimSchemas };
  components.securitySchemes = {
    ...(components.securitySchemes ?? {}),
    ...authorizationServerSecuritySchemes,
    ...scimSecuritySchemes,
  };

  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      if (!["get", "put", "post", "delete", "patch"].includes(method)) continue;
      const idempotent = (op.parameters ?? []).some((p) => p.name === "idempotency-key");
      op.parameters = [...(op.parameters ?? []), ref("parameters", "XClientVersion"), ref("parameters", "XD1Bookmark")];
      documentHeaderRefusal(op);
      // A key is unique per request: an example invites every client (and a fuzzer) to send the same one,
      // which is 422 IDEMPOTENCY_KEY_MISMATCH the second time (draft-ietf-httpapi-idempotency-key-header §2.7).
      for (const p of op.parameters as Array<{ name?: string; example?: unknown; schema?: { example?: unknown } }>) {
        if (p.name !== "idempotency-key") continue;
        delete p.example;
        delete p.schema?.example;
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const headers: Record<string, unknown> = { ...(response.headers ?? {}) };
        for (const name of V1_HEADERS) headers[name] = ref("headers", name);
        if (status === "429" || status === "503") headers["Retry-After"] = ref("headers", "Retry-After");
        // Answers from inside the request's D1 session (src/middleware/d1-session.ts); refusals before it have none.
        if (Number(status) >= 200 && Number(status) < 300) headers["X-D1-Bookmark"] = ref("headers", "X-D1-Bookmark");
        if (idempotent && replayable(Number(status)))
          headers["Idempotent-Replayed"] = ref("headers", "Idempotent-Replayed");
        response.headers = headers;
      }
    }
  }

  addCreationLinks(doc.paths as never, components.schemas as never);
  // The organization header's schema written out (not a $ref) and ASCII digits spelled [0-9]: with the
  // $ref, Schemathesis 4.32's coverage phase sent `x-organization-id: 0` as valid data.
  const organizationHeader = components.parameters?.OrganizationId as { schema?: unknown } | undefined;
  if (organizationHeader) organizationHeader.schema = { type: "string", pattern: "^org_[0-9]{1,30}$" };
  Object.assign(doc.paths ?? {}, authorizationServerPaths(origin, environment), scimPaths(origin, environment));
  (doc as unknown as Record<string, unknown>).tags = TAGS;
  return doc;
}
