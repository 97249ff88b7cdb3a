import type { AppError, ErrorCode } from "../errors";

/**
 * The catalogue's HTTP mapping: the status each error code answers with (spec part 7,
 * docs/errors.md). Errors know nothing of HTTP; a status is read from one only through `statusOf`.
 */
export const ERROR_STATUS = {
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_INVALID: 401,
  AUTHENTICATION_REQUIRED: 401,
  INSUFFICIENT_PERMISSIONS: 403,
  CSRF_TOKEN_INVALID: 403,
  EMAIL_VERIFICATION_INVALID: 400,
  EMAIL_ALREADY_VERIFIED: 409,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_REQUEST_BODY: 400,
  MISSING_REQUIRED_FIELD: 422,
  INVALID_FIELD_VALUE: 422,
  FIELD_TOO_LONG: 422,
  PAYLOAD_TOO_LARGE: 413,
  INSUFFICIENT_CREDITS: 409,
  SESSION_NOT_FOUND: 404,
  SESSION_ALREADY_COMPLETED: 409,
  SESSION_PRIORITY_FIXED: 409,
  RESOURCE_NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ACCOUNT_LINK_INVALID: 400,
  EMAIL_ALREADY_REGISTERED: 409,
  WEBSOCKET_UPGRADE_REQUIRED: 426,
  API_KEY_NOT_ROTATABLE: 409,
  RATE_LIMIT_EXCEEDED: 429,
  SSO_REQUIRED: 403,
  SAML_RESPONSE_INVALID: 401,
  OIDC_RESPONSE_INVALID: 401,
  SSO_CONNECTION_INVALID: 422,
  MFA_REQUIRED: 403,
  MFA_CODE_INVALID: 401,
  MFA_CHALLENGE_INVALID: 401,
  MFA_LOCKED: 429,
  MFA_STEP_UP_LOCKED: 403,
  MFA_ALREADY_ENROLLED: 409,
  MFA_NOT_ENROLLED: 409,
  PASSKEY_INVALID: 401,
  PASSKEY_ALREADY_REGISTERED: 409,
  SSO_EMAIL_DOMAIN_NOT_VERIFIED: 403,
  SSO_IDENTITY_CONFLICT: 409,
  SSO_DOMAIN_TAKEN: 409,
  PAYMENT_DECLINED: 402,
  IDEMPOTENCY_KEY_MISMATCH: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  WEBHOOK_LIMIT_REACHED: 409,
  WEBHOOK_INACTIVE: 409,
  PLAN_UNCHANGED: 409,
  ACCOUNT_PAST_DUE: 409,
  NOTHING_TO_RETRY: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
  ORGANIZATION_ROLE_REQUIRED: 403,
  ORGANIZATION_LIMIT_REACHED: 409,
  ORGANIZATION_HAS_ACTIVE_SESSIONS: 409,
  ORGANIZATION_MFA_REQUIRED: 403,
  ALREADY_A_MEMBER: 409,
  LAST_OWNER: 409,
  INVITATION_EMAIL_MISMATCH: 403,
  INVITATION_USED: 409,
  INVITATION_EXPIRED: 410,
  INVITER_ROLE_LOST: 409,
  TOOL_NOT_FOUND: 404,
  SERVICE_UNAVAILABLE: 503,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  PAYMENT_FAILED: 502,
  MAIL_SERVICE_UNAVAILABLE: 503,
  DIRECTORY_UNAVAILABLE: 502,
  IDENTITY_PROVIDER_UNAVAILABLE: 502,
  DATABASE_ERROR: 500,
  SESSION_ARCHIVE_UNREADABLE: 500,
  AI_MODEL_ERROR: 500,
  INTERNAL_SERVER_ERROR: 500,
} as const satisfies Record<ErrorCode, number>;

/**
 * Request headers that frame the request rather than carry a field of it: which API version
 * answers (X-Client-Version) and for whom it acts (X-Organization-Id). A malformed one is a bad
 * request, 400 INVALID_FIELD_VALUE (RFC 9110 §15.5.1), where a refused field value, in a body, a
 * query or another header (X-D1-Bookmark, Idempotency-Key), is 422 (docs/errors.md).
 */
const FRAMING_HEADERS = new Set(["X-Client-Version", "X-Organization-Id"]);

/** The HTTP status an error answers with: its code's, but 400 for a malformed framing header. */
export function statusOf(err: Pick<AppError, "code" | "details">): number {
  const { field, location } = err.details;
  if (err.code === "INVALID_FIELD_VALUE" && location === "header" && FRAMING_HEADERS.has(String(field))) return 400;
  return ERROR_STATUS[err.code];
}

/** Codes grouped by status, for OpenAPI error responses. */
export function codesByStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}
