import type { OAuthClient } from "./clients";

export function clientResource(client: OAuthClient) {
  return {
    client_id: client.id,
    name: client.name,
    client_type: client.clientType,
    redirect_uris: client.redirectUris,
    // authorization_code clients may also refresh.
    grant_types: client.grantTypes.includes("authorization_code")
      ? [...client.grantTypes, "refresh_token"]
      : client.grantTypes,
    scopes: client.allowedScopes,
    token_endpoint_auth_method: client.clientType === "public" ? ("none" as const) : ("client_secret_basic" as const),
    created_at: client.createdAt,
  };
}
