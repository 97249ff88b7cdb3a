import { ALL_SCOPES } from "../scopes";
import { SUPPORTED_GRANT_TYPES } from "./token-endpoint";

/** The authorization server's endpoints, relative to its issuer. */
export const OAUTH_PATHS = {
  authorize: "/oauth2/authorize",
  token: "/oauth2/token",
  revoke: "/oauth2/revoke",
  introspect: "/oauth2/introspect",
  jwks: "/.well-known/jwks.json",
  register: "/oauth2/register",
} as const;

/** RFC 8414 §2 authorization server metadata. */
export function authorizationServerMetadata(issuer: string) {
  const base = issuer.replace(/\/$/, "");
  return {
    issuer,
    authorization_endpoint: base + OAUTH_PATHS.authorize,
    token_endpoint: base + OAUTH_PATHS.token,
    jwks_uri: base + OAUTH_PATHS.jwks,
    revocation_endpoint: base + OAUTH_PATHS.revoke,
    introspection_endpoint: base + OAUTH_PATHS.introspect,
    scopes_supported: ALL_SCOPES,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [...SUPPORTED_GRANT_TYPES],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    introspection_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    code_challenge_methods_supported: ["S256"],
    // RFC 9207: the authorization response carries `iss` (mix-up defence, RFC 9700 §4.4).
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/v1/docs`,
    // RFC 7591: open registration of public clients (docs/mcp.md).
    registration_endpoint: base + OAUTH_PATHS.register,
    // draft-ietf-oauth-client-id-metadata-document: an https client_id names its metadata document.
    client_id_metadata_document_supported: true,
  };
}
