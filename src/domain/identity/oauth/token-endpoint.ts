import type { Context } from "../../context";
import { authenticateClient } from "./client-auth";
import { OAuthError } from "./errors";
import type { FormParams } from "./form";
import { authorizationCodeGrant } from "./grants/authorization-code";
import { clientCredentialsGrant } from "./grants/client-credentials";
import { refreshTokenGrant } from "./grants/refresh-token";
import type { TokenResponse } from "./grants/token-response";
import { keepRegisteredClient } from "./registration";

export const SUPPORTED_GRANT_TYPES = ["authorization_code", "client_credentials", "refresh_token"] as const;

/** POST /oauth2/token (RFC 6749 §3.2): authenticate the client, then run the grant. */
export async function tokenRequest(
  ctx: Context,
  { authorization, form }: { authorization: string | undefined; form: FormParams },
): Promise<TokenResponse> {
  const grantType = form.require("grant_type");
  const grant =
    grantType === "client_credentials"
      ? clientCredentialsGrant
      : grantType === "authorization_code"
        ? authorizationCodeGrant
        : grantType === "refresh_token"
          ? refreshTokenGrant
          : null;
  if (!grant)
    throw new OAuthError(
      "unsupported_grant_type",
      "Supported grant types: authorization_code, client_credentials, refresh_token.",
    );
  const client = await authenticateClient(ctx, { authorization, form });
  const response = await grant(ctx, { client, form });
  // A self-registered client that was issued a token stays registered (registration.ts).
  await keepRegisteredClient(ctx, { client: client.client });
  return response;
}
