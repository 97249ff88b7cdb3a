/**
 * OAuth 2.0 error responses (RFC 6749 §5.2, RFC 7009 §2.2.1, RFC 7662 §2.3).
 * These are rendered as `{error, error_description}`, not the /v1 envelope.
 * Descriptions are generic and safe to show; internal causes are only logged.
 */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "unsupported_token_type"
  | "access_denied"
  | "unsupported_response_type"
  | "server_error"
  /** RFC 8707 §2: the `resource` is not one this server issues tokens for, or not the grant's. */
  | "invalid_target"
  /** Throttled (RFC 8628 §3.5's code, used at the token endpoint with 429 and Retry-After). */
  | "slow_down";

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  unsupported_token_type: 400,
  access_denied: 400,
  unsupported_response_type: 400,
  server_error: 500,
  slow_down: 429,
  invalid_target: 400,
};

export class OAuthError extends Error {
  readonly status: number;
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** invalid_client after HTTP Basic: answer with a Basic challenge (RFC 6749 §5.2). */
    readonly basicChallenge = false,
  ) {
    super(description);
    this.name = "OAuthError";
    this.status = STATUS[error];
  }
}
