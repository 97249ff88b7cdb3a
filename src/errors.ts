/**
 * THE error catalogue: every error code the service can return and its default
 * message. Domain code throws `new AppError(code)`; `onError` renders the
 * envelope (spec part 7) with the status src/http/error-status.ts maps the code
 * to. The OpenAPI error responses are generated from this same table.
 *
 * Codes beyond the spec's list (part 7) are explained in docs/errors.md.
 */
export const ERROR_CATALOGUE = {
  // Authentication (spec part 7)
  INVALID_CREDENTIALS: { message: "Invalid email or password." },
  TOKEN_EXPIRED: { message: "The access token has expired." },
  TOKEN_INVALID: { message: "The access token is invalid." },
  AUTHENTICATION_REQUIRED: { message: "Authentication is required: send a bearer token or an API key." },
  INSUFFICIENT_PERMISSIONS: { message: "The credential lacks the permission this operation needs." },
  CSRF_TOKEN_INVALID: {
    message: "A console request that changes state needs a matching X-CSRF-Token header.",
  }, // added
  // Email verification (docs/security.md "Verified email")
  EMAIL_VERIFICATION_INVALID: {
    message: "The email verification token is unknown, already used, superseded or expired.",
  },
  EMAIL_ALREADY_VERIFIED: { message: "This account's email address is already verified." },
  EMAIL_NOT_VERIFIED: {
    message: "Verify your email address first (POST /v1/auth/email/verify/resend sends a new link).",
  },
  // Validation
  INVALID_REQUEST_BODY: { message: "The request body is malformed." },
  MISSING_REQUIRED_FIELD: { message: "A required field is missing." },
  INVALID_FIELD_VALUE: { message: "A field has an invalid value." },
  FIELD_TOO_LONG: { message: "A field exceeds its maximum length." },
  PAYLOAD_TOO_LARGE: { message: "The request body exceeds the maximum size." },
  // Business
  INSUFFICIENT_CREDITS: { message: "Not enough credits for this operation." },
  SESSION_NOT_FOUND: { message: "Session not found." },
  SESSION_ALREADY_COMPLETED: { message: "The session can no longer be modified." },
  SESSION_PRIORITY_FIXED: { message: "A session's priority is fixed when it is created." },
  RESOURCE_NOT_FOUND: { message: "Resource not found." },
  ROUTE_NOT_FOUND: { message: "No such endpoint." },
  METHOD_NOT_ALLOWED: { message: "The method is not allowed on this endpoint." },
  ACCOUNT_LINK_INVALID: { message: "This link is unknown, already used or expired: ask for a new one." },
  EMAIL_ALREADY_REGISTERED: { message: "An account with this email already exists." },
  WEBSOCKET_UPGRADE_REQUIRED: { message: "This endpoint only accepts a WebSocket upgrade." },
  API_KEY_NOT_ROTATABLE: { message: "This API key was revoked, expired or already rotated." },
  RATE_LIMIT_EXCEEDED: { message: "Rate limit exceeded." },
  // Enterprise sign-on (docs/sso.md)
  SSO_REQUIRED: { message: "This organization requires single sign-on; sign in through its connection." },
  SAML_RESPONSE_INVALID: { message: "The SAML response was refused." },
  OIDC_RESPONSE_INVALID: { message: "The OpenID Connect sign-in was refused." },
  SSO_CONNECTION_INVALID: { message: "The sign-on connection's configuration is not usable." },
  // Second factors (docs/security.md "Second factors")
  MFA_REQUIRED: {
    message: "This operation needs a second-factor check: verify one at POST /v1/auth/mfa/step-up and retry.",
  },
  MFA_CODE_INVALID: { message: "The second-factor code is wrong, expired or already used." },
  MFA_CHALLENGE_INVALID: { message: "The sign-in challenge is unknown, expired or already used." },
  MFA_LOCKED: {
    message:
      "Too many wrong second-factor codes for this account: codes are refused until the lock ends (Retry-After), and its holder was mailed. A passkey still works.",
  },
  MFA_STEP_UP_LOCKED: {
    message: "This sign-in sent too many wrong second-factor codes: sign in again to confirm a second factor.",
  },
  MFA_ALREADY_ENROLLED: { message: "This second factor is already set up; remove it first." },
  MFA_NOT_ENROLLED: { message: "This second factor is not set up on the account." },
  PASSKEY_INVALID: {
    message:
      "The passkey response was refused (challenge, origin, relying party, user verification, signature or counter).",
  },
  PASSKEY_ALREADY_REGISTERED: { message: "This passkey is already registered." },
  SSO_EMAIL_DOMAIN_NOT_VERIFIED: {
    message: "The sign-on asserted an email outside the domains its organization has verified; nobody was signed in.",
  },
  SSO_IDENTITY_CONFLICT: {
    message: "The account with this email is already linked to another identity of this connection.",
  },
  SSO_DOMAIN_TAKEN: { message: "Another organization has already verified this domain." },
  // Billing and webhooks (docs/decisions.md, "Credits and billing" and "Webhooks")
  PAYMENT_DECLINED: { message: "The payment was declined by the card issuer." },
  IDEMPOTENCY_KEY_MISMATCH: { message: "This Idempotency-Key was already used with a different request." },
  IDEMPOTENCY_KEY_IN_USE: {
    message: "A request with this Idempotency-Key is still being processed.",
    retryAfter: 1,
  },
  WEBHOOK_LIMIT_REACHED: { message: "The maximum number of webhooks for this account has been reached." },
  WEBHOOK_INACTIVE: { message: "The webhook is inactive; activate it to deliver to it." },
  PLAN_UNCHANGED: { message: "The account is already on this plan and no change is pending." },
  ACCOUNT_PAST_DUE: { message: "The account's last payment failed: settle it before changing plan." },
  NOTHING_TO_RETRY: { message: "The account has no failed payment to retry." },
  WEBHOOK_SIGNATURE_INVALID: { message: "The processor event's signature is missing, invalid or stale." },
  // Organizations (docs/decisions.md "Organizations")
  ORGANIZATION_ROLE_REQUIRED: { message: "Your role in this organization does not allow this operation." },
  ORGANIZATION_LIMIT_REACHED: { message: "You own the maximum number of organizations." },
  ORGANIZATION_HAS_ACTIVE_SESSIONS: { message: "The organization has pending or processing sessions." },
  ORGANIZATION_MFA_REQUIRED: {
    message: "This organization requires a second factor of its members: add one to your account, then retry.",
  },
  ALREADY_A_MEMBER: { message: "This person is already a member of the organization." },
  LAST_OWNER: { message: "An organization must keep at least one owner." },
  INVITATION_EMAIL_MISMATCH: { message: "This invitation was sent to another email address." },
  INVITATION_USED: { message: "This invitation was already accepted or revoked." },
  INVITATION_EXPIRED: { message: "This invitation has expired." },
  INVITER_ROLE_LOST: {
    message: "Whoever sent this invitation may no longer send it (left, removed or demoted); ask for a new invitation.",
  },
  // MCP server (docs/mcp.md)
  TOOL_NOT_FOUND: { message: "No such MCP tool." },
  // System
  SERVICE_UNAVAILABLE: { message: "The service is temporarily unavailable." },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    message: "Payments are not available: no payment processor is configured.",
  },
  PAYMENT_FAILED: {
    message: "The payment processor failed temporarily; no charge was made. Retry later.",
    retryAfter: 5,
  },
  MAIL_SERVICE_UNAVAILABLE: {
    message: "Mail cannot be sent: no mail service is configured, so nothing was changed.",
  },
  DIRECTORY_UNAVAILABLE: { message: "The organization's directory did not answer; try again later." },
  IDENTITY_PROVIDER_UNAVAILABLE: {
    message: "The organization's identity provider did not answer usably; try again later.",
  },
  DATABASE_ERROR: { message: "A database operation failed." },
  SESSION_ARCHIVE_UNREADABLE: {
    message: "This session's archived content could not be read; the operators are alerted. Nothing was changed.",
  },
  AI_MODEL_ERROR: { message: "Model processing failed." },
  INTERNAL_SERVER_ERROR: { message: "An unexpected error occurred." },
} as const satisfies Record<string, CatalogueEntry>;

/**
 * A code's default message. `retryAfter`: the seconds a client should wait when the error itself
 * does not say (`details.retry_after`); src/http/error-headers.ts renders it.
 */
interface CatalogueEntry {
  message: string;
  retryAfter?: number;
}

/** The seconds a client should wait before retrying: the error's own `details.retry_after`, else its code's. */
export function retryAfterOf(err: Pick<AppError, "code" | "details">): number | undefined {
  const own = err.details.retry_after;
  if (typeof own === "number" && Number.isFinite(own) && own >= 0) return Math.ceil(own);
  const entry: CatalogueEntry = ERROR_CATALOGUE[err.code];
  return entry.retryAfter;
}

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export type ErrorDetails = Record<string, unknown>;

/**
 * The one error type domain and HTTP code throw: a catalogue code, a message and details. It
 * knows nothing of HTTP: `onError` derives the status (src/http/error-status.ts) and the response
 * headers (src/http/error-headers.ts) from the code and `details`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, options: { message?: string; details?: ErrorDetails } = {}) {
    super(options.message ?? ERROR_CATALOGUE[code].message);
    this.name = "AppError";
    this.code = code;
    this.details = options.details ?? {};
  }
}

/**
 * A rule outside the zod schema rejected a field (INVALID_FIELD_VALUE),
 * shaped like the validation hook's errors: `details.field`, `details.reason`.
 */
export function invalidField(field: string, reason: string, location?: "body" | "query" | "header"): AppError {
  return new AppError("INVALID_FIELD_VALUE", {
    message: `${field}: ${reason}`,
    details: { field, reason, ...(location ? { location } : {}) },
  });
}
