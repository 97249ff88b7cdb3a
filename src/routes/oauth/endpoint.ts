import type { Context } from "hono";
import { OAuthError } from "../../domain/identity/oauth/errors";
import { AppError } from "../../errors";
import type { AppEnv } from "../../http/app-env";
import { oauthErrorResponse } from "./responses";

/**
 * Run an OAuth JSON endpoint: OAuthError → RFC 6749 §5.2 JSON; a service
 * problem → server_error / temporarily_unavailable style JSON with no
 * internals; the cause is only logged.
 */
export async function oauthEndpoint(c: Context<AppEnv>, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (err) {
    if (err instanceof OAuthError) return oauthErrorResponse(err);
    if (!(err instanceof AppError))
      console.error(
        JSON.stringify({ request_id: c.get("requestId"), error: String(err), stack: (err as Error)?.stack }),
      );
    return oauthErrorResponse(
      new OAuthError("server_error", "The authorization server could not complete the request."),
    );
  }
}
