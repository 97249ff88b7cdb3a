import type { OAuthError } from "../../domain/identity/oauth/errors";

/** The JSON error response of the token, revocation and introspection endpoints. */
export function oauthErrorResponse(err: OAuthError): Response {
  const headers = new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store", Pragma: "no-cache" });
  if (err.error === "invalid_client" && err.basicChallenge)
    headers.set("WWW-Authenticate", 'Basic realm="session-analysis", charset="UTF-8"');
  return new Response(JSON.stringify({ error: err.error, error_description: err.description }), {
    status: err.status,
    headers,
  });
}

/** A successful token-endpoint JSON response (RFC 6749 §5.1: no-store). */
export function oauthJsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", Pragma: "no-cache" },
  });
}
