import { OAUTH_PATHS } from "../domain/identity/oauth/metadata";
import { SUPPORTED_GRANT_TYPES } from "../domain/identity/oauth/token-endpoint";
import { ALL_SCOPES, USER_SCOPES } from "../domain/identity/scopes";

/**
 * The authorization server ({auth_url} of the spec: the service's origin,
 * outside /v1) described for the same document. Its endpoints speak the
 * RFCs' formats (form bodies, RFC 6749 §5.2 JSON errors, redirects), not the
 * /v1 envelope, and are plain Hono routes (src/routes/oauth), so their
 * description lives here; test/http/openapi.test.ts fails when a served
 * route of the authorization server is missing from it or vice versa.
 */

const JSON_ERROR = {
  description:
    "RFC 6749 §5.2 error: `invalid_request`, `invalid_client`, `invalid_grant`, `unauthorized_client`, `unsupported_grant_type`, `invalid_scope` or `slow_down`.",
  headers: {
    "Cache-Control": { $ref: "#/components/headers/Cache-Control-No-Store" },
    "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
  },
  content: { "application/json": { schema: { $ref: "#/components/schemas/OAuthError" } } },
};

const noStoreJson = (description: string, schema: Record<string, unknown>) => ({
  description,
  headers: {
    "Cache-Control": { $ref: "#/components/headers/Cache-Control-No-Store" },
    "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
  },
  content: { "application/json": { schema } },
});

const clientAuth = [{ clientSecretBasic: [] }, {}];

const TAG = "Authorization server";
const MCP_TAG = "MCP server";

/** What every /mcp answer carries (CORS for browser clients, the tier limits as for /v1). */
const mcpHeaders = (status: number) => ({
  "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
  "Access-Control-Allow-Origin": { $ref: "#/components/headers/Access-Control-Allow-Origin" },
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
  ...(status === 429 ? { "Retry-After": { $ref: "#/components/headers/Retry-After" } } : {}),
});

/** A JSON-RPC error answer of /mcp with the catalogue's code in `data.code`. */
const mcpError = (description: string, status: number) => ({
  description,
  headers: mcpHeaders(status),
  content: { "application/json": { schema: { $ref: "#/components/schemas/JsonRpcMessage" } } },
});
const SSO_TAG = "Enterprise sign-on";

/** A space-separated list of the scopes a user may hold (at least one). */
const SCOPE_NAME = `(?:${USER_SCOPES.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`;
const SCOPE_LIST_PATTERN = `^ *${SCOPE_NAME}(?: +${SCOPE_NAME})* *$`;
/** An https URI, or http on a loopback address (src/domain/identity/oauth/redirect-uris.ts): no fragment, no credentials. */
const URI_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const URI_HOST = `(?:${URI_LABEL}\\.)*[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?`;
const REDIRECT_URI_PATTERN = `^(?:https://${URI_HOST}|http://(?:127\\.0\\.0\\.1|\\[::1\\]|localhost))(?::[0-9]{1,4})?(?:[/?][\\x21\\x22\\x24-\\x7e]*)?$`;

const str = (description: string, extra: Record<string, unknown> = {}) => ({
  type: "string",
  maxLength: 2048,
  description,
  ...extra,
});

export const authorizationServerSchemas = {
  OAuthError: {
    type: "object",
    required: ["error"],
    properties: {
      error: str("RFC 6749 §5.2 error code", { maxLength: 64 }),
      error_description: str("Human-readable text", { maxLength: 512 }),
    },
  },
  TokenResponse: {
    type: "object",
    required: ["access_token", "token_type", "expires_in", "scope", "issued_at"],
    properties: {
      access_token: str("JWT access token (RFC 9068 profile)", { maxLength: 4096 }),
      token_type: { type: "string", enum: ["Bearer"] },
      expires_in: { type: "integer", format: "int32", minimum: 1, maximum: 86_400, description: "Seconds" },
      scope: str("Granted scopes, space-separated"),
      issued_at: { type: "integer", format: "int64", minimum: 0, maximum: 9_999_999_999, description: "Unix seconds" },
      refresh_token: str("Present for the authorization_code and refresh_token grants (rotated on every use)", {
        maxLength: 512,
      }),
    },
  },
  TokenRequest: {
    type: "object",
    required: ["grant_type"],
    properties: {
      grant_type: { type: "string", enum: [...SUPPORTED_GRANT_TYPES] },
      client_id: str("Required for public clients and with client_secret_post", { maxLength: 128 }),
      client_secret: str("client_secret_post (or use HTTP Basic)", { maxLength: 256 }),
      scope: str("client_credentials: requested scopes, space-separated"),
      code: str("authorization_code: the code from the redirect", { maxLength: 256 }),
      redirect_uri: str("authorization_code: the redirect_uri of the authorization request", { format: "uri" }),
      code_verifier: str("authorization_code with PKCE (RFC 7636): 43–128 characters", {
        minLength: 43,
        maxLength: 128,
      }),
      refresh_token: str("refresh_token: the refresh token", { maxLength: 512 }),
    },
  },
  TokenHintRequest: {
    type: "object",
    required: ["token"],
    properties: {
      token: str("The access or refresh token", { maxLength: 4096 }),
      token_type_hint: { type: "string", enum: ["access_token", "refresh_token"] },
      client_id: str("client_secret_post or a public client", { maxLength: 128 }),
      client_secret: str("client_secret_post", { maxLength: 256 }),
    },
  },
  IntrospectionResponse: {
    type: "object",
    required: ["active"],
    properties: {
      active: { type: "boolean" },
      token_type: { type: "string", enum: ["Bearer", "refresh_token"] },
      scope: str("Space-separated scopes"),
      client_id: str("", { maxLength: 128 }),
      sub: str("User id", { maxLength: 128 }),
      iss: str("Issuer", { format: "uri" }),
      aud: str("Audience", { maxLength: 512 }),
      iat: { type: "integer", format: "int64", minimum: 0, maximum: 9_999_999_999 },
      exp: { type: "integer", format: "int64", minimum: 0, maximum: 9_999_999_999 },
      jti: str("Token id", { maxLength: 128 }),
    },
  },
  JsonRpcMessage: {
    type: "object",
    description: "One JSON-RPC 2.0 message (MCP). Errors carry the error catalogue's code in `error.data.code`.",
    required: ["jsonrpc"],
    additionalProperties: true,
    properties: {
      jsonrpc: { type: "string", enum: ["2.0"] },
      // JSON-RPC 2.0 §5: null when the request's id could not be read (a refusal before parsing).
      id: {
        oneOf: [{ type: "string", maxLength: 128 }, { type: "integer", format: "int64" }, { type: "null" }],
      },
      method: str("The MCP method, e.g. tools/call", { maxLength: 128 }),
      params: { type: "object", additionalProperties: true },
      result: { type: "object", additionalProperties: true },
      error: {
        type: "object",
        required: ["code", "message"],
        properties: {
          code: { type: "integer", format: "int32" },
          message: str("What went wrong", { maxLength: 512 }),
          data: { type: "object", additionalProperties: true },
        },
      },
    },
  },
  McpRegistryEntry: {
    type: "object",
    description:
      "An MCP registry server.json (https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json).",
    required: ["$schema", "name", "description", "version", "remotes"],
    additionalProperties: true,
    properties: {
      $schema: str("The server.json schema it follows", { format: "uri" }),
      name: str("Reverse-DNS name: the host reversed, `/session-analysis`", { maxLength: 200 }),
      title: str("", { maxLength: 100 }),
      description: str("", { maxLength: 100 }),
      version: str("The service's version", { maxLength: 255 }),
      websiteUrl: str("", { format: "uri" }),
      remotes: {
        type: "array",
        maxItems: 4,
        items: {
          type: "object",
          required: ["type", "url"],
          additionalProperties: true,
          properties: {
            type: { type: "string", enum: ["streamable-http"] },
            url: str("The MCP endpoint: <origin>/mcp", { format: "uri" }),
            headers: {
              type: "array",
              maxItems: 8,
              items: {
                type: "object",
                required: ["name"],
                additionalProperties: true,
                properties: {
                  name: str("", { maxLength: 64 }),
                  description: str("", { maxLength: 256 }),
                  isRequired: { type: "boolean" },
                  isSecret: { type: "boolean" },
                  format: { type: "string", enum: ["string"] },
                },
              },
            },
          },
        },
      },
      _meta: { type: "object", additionalProperties: true, description: "Publisher metadata: the authorization" },
    },
  },
  ProtectedResourceMetadata: {
    type: "object",
    description: "RFC 9728 §2 protected resource metadata of the MCP server.",
    required: ["resource", "authorization_servers"],
    additionalProperties: true,
    properties: {
      resource: str("The resource identifier: <origin>/mcp", { format: "uri" }),
      authorization_servers: { type: "array", maxItems: 4, items: str("", { format: "uri" }) },
      scopes_supported: { type: "array", maxItems: 64, items: { type: "string", enum: ALL_SCOPES } },
      bearer_methods_supported: { type: "array", maxItems: 4, items: { type: "string", enum: ["header"] } },
      resource_name: str("", { maxLength: 128 }),
      resource_documentation: str("", { format: "uri" }),
    },
  },
  ClientRegistrationRequest: {
    type: "object",
    description: "RFC 7591 §2 client metadata (public clients only).",
    required: ["redirect_uris"],
    additionalProperties: true,
    properties: {
      // What readClientMetadata accepts (src/domain/identity/oauth/registration.ts), as patterns.
      redirect_uris: {
        type: "array",
        minItems: 1,
        maxItems: 10,
        items: str("https, or http on a loopback address; no fragment, no credentials", {
          pattern: REDIRECT_URI_PATTERN,
          maxLength: 2000,
        }),
      },
      client_name: str("Shown on the consent page, marked as unverified", { maxLength: 100, pattern: "\\S" }),
      token_endpoint_auth_method: { type: "string", enum: ["none"] },
      grant_types: {
        type: "array",
        minItems: 1,
        maxItems: 2,
        items: { type: "string", enum: ["authorization_code", "refresh_token"] },
        contains: { const: "authorization_code" },
      },
      response_types: { type: "array", maxItems: 1, items: { type: "string", enum: ["code"] } },
      scope: str("The most the client may ever be granted, space-separated (default: every user scope)", {
        pattern: SCOPE_LIST_PATTERN,
        maxLength: 2048,
      }),
      client_uri: str("", { pattern: "^https://[^\\s]{1,500}$" }),
    },
  },
  ClientRegistrationResponse: {
    type: "object",
    required: ["client_id", "client_id_issued_at", "redirect_uris", "token_endpoint_auth_method"],
    properties: {
      client_id: str("dcr_…", { maxLength: 64 }),
      client_id_issued_at: { type: "integer", format: "int64", minimum: 0, maximum: 9_999_999_999 },
      client_name: str("", { maxLength: 100 }),
      redirect_uris: { type: "array", maxItems: 10, items: str("", { format: "uri" }) },
      grant_types: { type: "array", maxItems: 2, items: str("", { maxLength: 32 }) },
      response_types: { type: "array", maxItems: 1, items: str("", { maxLength: 8 }) },
      token_endpoint_auth_method: { type: "string", enum: ["none"] },
      scope: str("Scopes the client may be granted"),
      registration_expires_at: {
        type: "integer",
        format: "int64",
        minimum: 0,
        maximum: 9_999_999_999,
        description: "Unix seconds: when the registration goes unless a token is issued to the client",
      },
    },
  },
  AuthorizationServerMetadata: {
    type: "object",
    description: "RFC 8414 §2 authorization server metadata.",
    required: ["issuer", "authorization_endpoint", "token_endpoint", "jwks_uri", "response_types_supported"],
    additionalProperties: true,
    properties: {
      issuer: str("", { format: "uri" }),
      authorization_endpoint: str("", { format: "uri" }),
      token_endpoint: str("", { format: "uri" }),
      jwks_uri: str("", { format: "uri" }),
      revocation_endpoint: str("", { format: "uri" }),
      introspection_endpoint: str("", { format: "uri" }),
      scopes_supported: { type: "array", maxItems: 64, items: { type: "string", enum: ALL_SCOPES } },
      response_types_supported: { type: "array", maxItems: 8, items: str("", { maxLength: 32 }) },
      grant_types_supported: { type: "array", maxItems: 8, items: str("", { maxLength: 64 }) },
      code_challenge_methods_supported: { type: "array", maxItems: 4, items: str("", { maxLength: 16 }) },
    },
  },
  JsonWebKeySet: {
    type: "object",
    description: "RFC 7517 JWK Set: the public keys that verify access tokens (`kid` in the JWT header).",
    required: ["keys"],
    properties: {
      keys: {
        type: "array",
        maxItems: 16,
        items: {
          type: "object",
          additionalProperties: true,
          required: ["kty"],
          properties: { kty: str("", { maxLength: 8 }), kid: str("", { maxLength: 128 }) },
        },
      },
    },
  },
};

const authorizeQuery = [
  ["response_type", "Must be `code`", { type: "string", enum: ["code"] }, true],
  ["client_id", "The registered client", { type: "string", maxLength: 128 }, true],
  [
    "redirect_uri",
    "One of the client's registered redirect URIs",
    { type: "string", format: "uri", maxLength: 2048 },
    true,
  ],
  ["scope", "Requested scopes, space-separated", { type: "string", maxLength: 2048 }, false],
  [
    "state",
    "Opaque value returned unchanged; compare it before exchanging the code",
    { type: "string", maxLength: 512 },
    false,
  ],
  ["code_challenge", "PKCE (RFC 7636): base64url SHA-256 of the verifier", { type: "string", maxLength: 128 }, false],
  ["code_challenge_method", "PKCE: `S256` only", { type: "string", enum: ["S256"] }, false],
].map(([name, description, schema, required]) => ({ name, in: "query", description, required, schema }));

const html = (description: string) => ({
  description,
  headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
  content: { "text/html": { schema: { type: "string", maxLength: 65_536 } } },
});
const redirect = (description: string) => ({
  description,
  headers: {
    Location: {
      description:
        "The next address (RFC 6749 §4.1.2: the client's redirect_uri with `code`, `state` and `iss`, or `error`)",
      // RFC 9110 §10.2.2: a URI-reference (the authorize page is sent on by a relative one), as long as the request's query.
      schema: { type: "string", format: "uri-reference" },
    },
    "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
  },
});

/** Path items of the authorization server; each carries its own `servers` (the origin, not /v1). */
export function authorizationServerPaths(origin: string, serverDescription: string) {
  const servers = [{ url: origin, description: `Authorization server (${serverDescription})`, "x-internal": false }];
  const formBody = (ref: string) => ({
    required: true,
    content: { "application/x-www-form-urlencoded": { schema: { $ref: `#/components/schemas/${ref}` } } },
  });
  return {
    [OAUTH_PATHS.authorize]: {
      servers,
      get: {
        operationId: "oauthAuthorize",
        tags: [TAG],
        summary: "Authorization endpoint (RFC 6749 §4.1.1, PKCE RFC 7636)",
        description:
          "Browser flow: validates the request, then shows the sign-in or consent page. A bad client_id or redirect_uri is shown as a page (never redirected); other errors redirect back with `error` and `state`.",
        security: [],
        parameters: authorizeQuery,
        responses: {
          200: html("Sign-in or consent page"),
          302: redirect("Back to the client with an error (RFC 6749 §4.1.2.1)"),
          400: html("Unknown client or redirect URI: an error page"),
        },
      },
      post: {
        operationId: "oauthAuthorizeDecision",
        tags: [TAG],
        summary: "Submit the sign-in or consent form",
        description:
          "The page's own form (same-origin, CSRF token bound to a cookie): `action` is `login`, `sso` (on to the organization's identity provider), `approve`, `deny` or `switch`. Approval redirects to the client with `code`, `state` and `iss` (RFC 9207).",
        security: [],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["csrf_token", "action"],
                properties: {
                  csrf_token: { type: "string", maxLength: 128 },
                  action: { type: "string", enum: ["login", "sso", "approve", "deny", "switch"] },
                  email: { type: "string", format: "email", maxLength: 254 },
                  password: { type: "string", format: "password", maxLength: 256 },
                  sso_login: {
                    type: "string",
                    maxLength: 254,
                    description: "With `sso`: a work email or a verified company domain",
                  },
                },
              },
            },
          },
        },
        responses: {
          303: redirect("To the client (approve, deny) or back to the page (login, switch)"),
          400: html("Malformed form"),
          401: html("Wrong email or password: the page again"),
          403: html("Cross-site submission or a stale CSRF token"),
          429: {
            ...html("Too many sign-in attempts: the page again"),
            headers: {
              "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
              "Retry-After": { $ref: "#/components/headers/Retry-After" },
            },
          },
        },
      },
    },
    [`${OAUTH_PATHS.authorize}/sso`]: {
      servers,
      get: {
        operationId: "oauthAuthorizeSsoReturn",
        tags: [TAG],
        summary: "Back from the identity provider to the authorize page",
        description:
          'Where the ACS sends the browser after the page\'s "Sign in with SSO" (RelayState `oauth:<handle>`). Signs in only the browser whose cookie holds the same one-time handle (no login CSRF), then continues at the consent page with the original request.',
        security: [],
        parameters: [
          ["handle", "The one-time hand-off handle from the SSO start"],
          ["user", "The user the identity provider signed in"],
        ].map(([name, description]) => ({
          name,
          in: "query",
          description,
          required: true,
          schema: { type: "string", maxLength: 128 },
        })),
        responses: {
          303: redirect("To the consent page with the original authorization request"),
          400: html("The sign-on did not start in this browser, or it expired: an error page"),
        },
      },
    },
    "/oauth/authorize": {
      servers,
      get: {
        operationId: "oauthAuthorizeAlias",
        tags: [TAG],
        summary: "Alias of /oauth2/authorize (the spec's second reference)",
        description:
          "Validates the request as /oauth2/authorize does, then redirects a valid one with the same query string to that canonical endpoint. An unknown client or redirect URI is answered with an error page and never redirected; any other error goes back to the client's redirect URI with `error` and `state` (RFC 6749 §4.1.2.1).",
        security: [],
        parameters: authorizeQuery,
        responses: {
          302: redirect(
            "A valid request: to /oauth2/authorize with the same query. Otherwise back to the client with an error (RFC 6749 §4.1.2.1)",
          ),
          400: html("Unknown client or redirect URI: an error page"),
        },
      },
    },
    [OAUTH_PATHS.token]: {
      servers,
      post: {
        operationId: "oauthToken",
        tags: [TAG],
        summary: "Token endpoint (RFC 6749 §3.2)",
        description:
          "Grants: `client_credentials` (access token for 3600 s), `authorization_code` (with PKCE for public clients; adds a refresh token) and `refresh_token` (rotates it). Confidential clients authenticate with HTTP Basic (client_secret_basic) or form fields (client_secret_post). Responses are `no-store`.",
        security: clientAuth,
        requestBody: formBody("TokenRequest"),
        responses: {
          200: noStoreJson("Access token (RFC 6749 §5.1, plus `issued_at`)", {
            $ref: "#/components/schemas/TokenResponse",
          }),
          400: JSON_ERROR,
          401: { ...JSON_ERROR, description: "`invalid_client` (with `WWW-Authenticate: Basic` when Basic was used)" },
          429: {
            ...JSON_ERROR,
            description: "`slow_down`: too many token requests from this address",
            headers: { ...JSON_ERROR.headers, "Retry-After": { $ref: "#/components/headers/Retry-After" } },
          },
        },
      },
    },
    [OAUTH_PATHS.revoke]: {
      servers,
      post: {
        operationId: "oauthRevoke",
        tags: [TAG],
        summary: "Token revocation (RFC 7009)",
        description:
          "Revokes an access token or a refresh token (and its rotation family). Answers 200 whether or not the token was valid (RFC 7009 §2.2).",
        security: clientAuth,
        requestBody: formBody("TokenHintRequest"),
        responses: {
          200: {
            description: "Revoked, or already invalid",
            headers: { "Cache-Control": { $ref: "#/components/headers/Cache-Control-No-Store" } },
          },
          400: JSON_ERROR,
          401: JSON_ERROR,
        },
      },
    },
    [OAUTH_PATHS.introspect]: {
      servers,
      post: {
        operationId: "oauthIntrospect",
        tags: [TAG],
        summary: "Token introspection (RFC 7662)",
        description:
          "For confidential clients, about tokens issued to themselves: `{active: false}` for anything else (RFC 7662 §2.2).",
        security: [{ clientSecretBasic: [] }],
        requestBody: formBody("TokenHintRequest"),
        responses: {
          200: noStoreJson("Introspection response", { $ref: "#/components/schemas/IntrospectionResponse" }),
          400: JSON_ERROR,
          401: JSON_ERROR,
        },
      },
    },
    "/.well-known/oauth-authorization-server": {
      servers,
      get: {
        operationId: "getAuthorizationServerMetadata",
        tags: [TAG],
        summary: "Authorization server metadata (RFC 8414)",
        description: "Endpoints, supported grants, scopes and PKCE methods. Public, cacheable for 5 minutes.",
        security: [],
        responses: {
          200: {
            description: "Metadata",
            content: { "application/json": { schema: { $ref: "#/components/schemas/AuthorizationServerMetadata" } } },
          },
        },
      },
    },
    [OAUTH_PATHS.jwks]: {
      servers,
      get: {
        operationId: "getJsonWebKeySet",
        tags: [TAG],
        summary: "Public signing keys (RFC 7517)",
        description: "The keys that verify access tokens, current and previous (during a rotation). Public, cacheable.",
        security: [],
        responses: {
          200: {
            description: "JWK Set",
            content: { "application/json": { schema: { $ref: "#/components/schemas/JsonWebKeySet" } } },
          },
        },
      },
    },
    [OAUTH_PATHS.register]: {
      servers,
      post: {
        operationId: "registerOAuthClientDynamically",
        tags: [TAG],
        summary: "Dynamic client registration (RFC 7591)",
        description:
          "Open registration for agents (docs/mcp.md): public clients only (`token_endpoint_auth_method` none, PKCE S256 at every authorization), the authorization_code grant with refresh, redirect URIs https or http loopback (any port matches). At most 10 an hour and 30 a day per client address (429 `slow_down` with Retry-After). A registration is deleted a day after it was made unless a token was issued to it; each token keeps it 30 days more. No secret is issued.",
        security: [],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ClientRegistrationRequest" } } },
        },
        responses: {
          201: noStoreJson("Registered", { $ref: "#/components/schemas/ClientRegistrationResponse" }),
          400: {
            ...JSON_ERROR,
            description: "RFC 7591 §3.2.2 error: `invalid_redirect_uri` or `invalid_client_metadata`.",
          },
          429: {
            ...JSON_ERROR,
            description: "`slow_down`: too many registrations from this address.",
            headers: { ...JSON_ERROR.headers, "Retry-After": { $ref: "#/components/headers/Retry-After" } },
          },
        },
      },
    },
    ...Object.fromEntries(
      ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"].map((path, i) => [
        path,
        {
          servers,
          get: {
            operationId: i === 0 ? "getMcpProtectedResourceMetadata" : "getProtectedResourceMetadata",
            tags: [TAG],
            summary:
              i === 0
                ? "The MCP server's protected resource metadata (RFC 9728)"
                : "Protected resource metadata at the bare address (RFC 9728)",
            description:
              "Names the MCP server's resource identifier (`<origin>/mcp`, the `aud` of its tokens), this authorization server and the scopes its tools use. The same document at both addresses, for clients that look at either. Public, cacheable for 5 minutes.",
            security: [],
            responses: {
              200: {
                description: "Metadata",
                content: {
                  "application/json": { schema: { $ref: "#/components/schemas/ProtectedResourceMetadata" } },
                },
              },
            },
          },
        },
      ]),
    ),
    "/mcp/server.json": {
      servers,
      get: {
        operationId: "getMcpRegistryEntry",
        tags: [MCP_TAG],
        summary: "The MCP server's registry entry (server.json)",
        description:
          "This deployment's entry for the MCP registry (https://modelcontextprotocol.io/registry), the `server.json` that `mcp-publisher publish` sends: its remote transport (`streamable-http` at `<origin>/mcp`, the optional `X-Organization-Id` header) and, under `_meta`, how a client is authorised (the protected resource metadata, this authorization server, dynamic registration or a Client ID Metadata Document, PKCE S256). Public, cacheable for 5 minutes.",
        security: [],
        responses: {
          200: {
            description: "The registry entry",
            content: { "application/json": { schema: { $ref: "#/components/schemas/McpRegistryEntry" } } },
          },
        },
      },
    },
    "/mcp": {
      servers,
      ...Object.fromEntries(
        (["post", "get", "delete"] as const).map((method) => [
          method,
          {
            operationId: { post: "mcpMessage", get: "mcpStream", delete: "mcpEndSession" }[method],
            tags: [MCP_TAG],
            summary: {
              post: "Send one MCP JSON-RPC message (Streamable HTTP)",
              get: "Open a server-to-client stream (not offered: stateless server)",
              delete: "End an MCP session (not offered: stateless server)",
            }[method],
            description:
              method === "post"
                ? "The Model Context Protocol's Streamable HTTP transport (docs/mcp.md): one JSON-RPC message per POST (no batches), answered as JSON, or as an SSE stream when progress notifications precede the result. Needs an OAuth access token issued for this resource (`resource=<origin>/mcp`, RFC 8707); REST tokens and API keys are refused. The tools the caller sees are those its scopes allow; calling another is 403 `insufficient_scope` naming the scopes. Refusals carry the error catalogue's code in the JSON-RPC error's `data.code`. The tier rate limits apply per request as for /v1."
                : "The server keeps no MCP session (each POST stands alone), so this answers 405.",
            security: [{ oauth2: [] }],
            ...(method === "post"
              ? {
                  requestBody: {
                    required: true,
                    content: { "application/json": { schema: { $ref: "#/components/schemas/JsonRpcMessage" } } },
                  },
                }
              : {}),
            responses: {
              ...(method === "post"
                ? {
                    200: {
                      description: "The JSON-RPC response, as JSON or as a text/event-stream",
                      headers: mcpHeaders(200),
                      content: {
                        "application/json": { schema: { $ref: "#/components/schemas/JsonRpcMessage" } },
                        "text/event-stream": { schema: { type: "string", maxLength: 10_485_760 } },
                      },
                    },
                    202: { description: "A notification or response was accepted", headers: mcpHeaders(202) },
                    400: mcpError("Malformed JSON (-32700), a batch or not a JSON-RPC message (-32600)", 400),
                    403: mcpError(
                      'The tool needs a scope the token lacks (`WWW-Authenticate: Bearer error="insufficient_scope"`)',
                      403,
                    ),
                    413: mcpError("The body is over 64 KiB", 413),
                    429: mcpError("Rate limit exceeded (Retry-After)", 429),
                  }
                : { 405: mcpError("No MCP session to stream or end", 405) }),
              401: mcpError(
                "No token, or one that is invalid, expired, revoked or for another resource (`WWW-Authenticate: Bearer resource_metadata=…`)",
                401,
              ),
              500: mcpError("An unexpected failure (INTERNAL_SERVER_ERROR)", 500),
            },
          },
        ]),
      ),
    },
    // Enterprise sign-on (docs/sso.md). The ACS answers with the /v1 login envelope, since it
    // ends in the same token issuance as POST /v1/auth/login.
    "/saml/login": {
      servers,
      get: {
        operationId: "samlLogin",
        tags: [SSO_TAG],
        summary: "Start SAML sign-on (spec part 5)",
        description:
          "SP-initiated SAML 2.0 sign-on: finds the organization's connection by `connection` id, by `email` (its verified domain) or by `domain`, and redirects to the IdP with an HTTP-Redirect AuthnRequest and RelayState.",
        security: [],
        parameters: [
          { name: "connection", in: "query", required: false, schema: { type: "string", maxLength: 40 } },
          { name: "email", in: "query", required: false, schema: { type: "string", maxLength: 254 } },
          { name: "domain", in: "query", required: false, schema: { type: "string", maxLength: 253 } },
          { name: "relay_state", in: "query", required: false, schema: { type: "string", maxLength: 80 } },
        ],
        responses: {
          302: {
            description: "Redirect to the identity provider's SSO URL",
            headers: { Location: { schema: { type: "string", format: "uri" } } },
          },
          404: envelopeError("No SAML connection matches"),
          422: envelopeError("Neither connection, email nor domain was given"),
        },
      },
    },
    "/saml/metadata/{connection}": {
      servers,
      get: {
        operationId: "samlServiceProviderMetadata",
        tags: [SSO_TAG],
        summary: "SAML service provider metadata",
        description:
          "The SP metadata (entity id, ACS URL, NameID format) of one connection, for the organization's admin to load into their IdP.",
        security: [],
        parameters: [{ name: "connection", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
        responses: {
          200: {
            description: "SAML 2.0 metadata",
            content: { "application/samlmetadata+xml": { schema: { type: "string", maxLength: 65536 } } },
          },
          404: envelopeError("No such SAML connection"),
        },
      },
    },
    "/saml/acs/{connection}": {
      servers,
      post: {
        operationId: "samlAssertionConsumer",
        tags: [SSO_TAG],
        summary: "SAML assertion consumer service (HTTP-POST binding)",
        description:
          "Verifies the IdP's signed Response (configured certificates only, exclusive c14n, RSA-SHA256, audience, recipient, validity window, InResponseTo, one-time assertion ids), provisions the user into the organization with the mapped role, and answers like POST /v1/auth/login.",
        security: [],
        parameters: [{ name: "connection", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["SAMLResponse"],
                properties: {
                  SAMLResponse: { type: "string", maxLength: 512000 },
                  RelayState: { type: "string", maxLength: 80 },
                },
              },
            },
          },
        },
        responses: {
          200: {
            description: "Signed in: the login envelope with the access and refresh tokens",
            content: { "application/json": { schema: { type: "object", additionalProperties: true } } },
          },
          401: envelopeError("The SAML response was refused"),
          403: envelopeError(
            "INSUFFICIENT_PERMISSIONS (`details.reason: deprovisioned_by_directory`): the organization's SCIM directory deactivated the person",
          ),
          404: envelopeError("No such SAML connection"),
          422: envelopeError("SAMLResponse is missing or too long, or RelayState is longer than 80 characters"),
        },
      },
    },
    "/oidc/login": {
      servers,
      get: {
        operationId: "oidcLogin",
        tags: [SSO_TAG],
        summary: "Start OpenID Connect sign-on",
        description:
          "Authorization code sign-on with an organization's OpenID Provider: finds the connection by `connection` id, by `email` (its verified domain) or by `domain`, as `/saml/login` does, then redirects to the provider's authorization endpoint with PKCE S256, a fresh `state` and `nonce`, and sets the HttpOnly cookie that binds them to this browser for 10 minutes.",
        security: [],
        parameters: [
          { name: "connection", in: "query", required: false, schema: { type: "string", maxLength: 40 } },
          { name: "email", in: "query", required: false, schema: { type: "string", maxLength: 254 } },
          { name: "domain", in: "query", required: false, schema: { type: "string", maxLength: 253 } },
        ],
        responses: {
          302: {
            description: "Redirect to the provider's authorization endpoint",
            headers: { Location: { schema: { type: "string", format: "uri" } } },
          },
          404: envelopeError(
            "No OIDC connection matches (an unverified or unknown domain answers the same as an unknown id)",
          ),
          422: envelopeError("Neither connection, email nor domain was given"),
        },
      },
    },
    "/oidc/callback": {
      servers,
      get: {
        operationId: "oidcCallback",
        tags: [SSO_TAG],
        summary: "OpenID Connect redirect URI",
        description:
          "The provider's answer: checks `state` against this browser's cookie (once), exchanges the code with the client secret and the PKCE verifier, verifies the ID token (signature by the issuer's JWKS with `alg` pinned, `iss`, `aud`/`azp`, `exp`/`iat`, `nonce` once), requires `email_verified` and a verified domain, provisions the user and answers like POST /v1/auth/login.",
        security: [],
        parameters: [
          { name: "code", in: "query", required: false, schema: { type: "string", maxLength: 2048 } },
          { name: "state", in: "query", required: false, schema: { type: "string", maxLength: 128 } },
          { name: "iss", in: "query", required: false, schema: { type: "string", maxLength: 2048 } },
          { name: "error", in: "query", required: false, schema: { type: "string", maxLength: 256 } },
        ],
        responses: {
          200: {
            description: "Signed in: the login envelope with the access and refresh tokens",
            content: { "application/json": { schema: { type: "object", additionalProperties: true } } },
          },
          401: envelopeError("The sign-in was refused (state, code, ID token or email_verified)"),
          403: envelopeError("The email is outside the organization's verified domains"),
          404: envelopeError("The connection no longer exists"),
          502: envelopeError("The identity provider did not answer usably"),
        },
      },
    },
  };
}

function envelopeError(description: string) {
  return {
    description,
    content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
  };
}

export const authorizationServerTags = [
  {
    name: MCP_TAG,
    description:
      "The Model Context Protocol server for AI assistants and agents (docs/mcp.md), a resource server of its own.",
  },
  {
    name: TAG,
    description:
      "OAuth 2.0 authorization server at the service's origin ({auth_url}): RFC formats, not the /v1 envelope.",
  },
  { name: SSO_TAG, description: "SAML, OpenID Connect and LDAP single sign-on for organizations." },
];

export const authorizationServerSecuritySchemes = {
  clientSecretBasic: {
    type: "http",
    scheme: "basic",
    description:
      "OAuth client authentication (RFC 6749 §2.3.1): client_id and client_secret as HTTP Basic credentials.",
  },
};
