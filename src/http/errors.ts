/**
 * THE error catalogue: every error code the service can return, its HTTP
 * status and its default message. Domain code throws `new AppError(code)`;
 * `onError` renders the envelope (spec part 7). The OpenAPI error responses
 * are generated from this same table.
 *
 * Codes marked "added" are not in the spec's list; docs/errors.md explains them.
 */
export const ERROR_CATALOGUE = {
  // Authentication (spec part 7)
  INVALID_CREDENTIALS: { status: 401, message: "Invalid email or password." },
  TOKEN_EXPIRED: { status: 401, message: "The access token has expired." },
  TOKEN_INVALID: { status: 401, message: "The access token is invalid." },
  AUTHENTICATION_REQUIRED: { status: 401, message: "Authentication is required: send a bearer token or an API key." }, // added
  INSUFFICIENT_PERMISSIONS: { status: 403, message: "The credential lacks the permission this operation needs." },
  // Validation
  INVALID_REQUEST_BODY: { status: 400, message: "The request body is malformed." },
  MISSING_REQUIRED_FIELD: { status: 422, message: "A required field is missing." },
  INVALID_FIELD_VALUE: { status: 422, message: "A field has an invalid value." },
  FIELD_TOO_LONG: { status: 422, message: "A field exceeds its maximum length." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body exceeds the maximum size." }, // added
  // Business
  INSUFFICIENT_CREDITS: { status: 409, message: "Not enough credits for this operation." },
  SESSION_NOT_FOUND: { status: 404, message: "Session not found." },
  SESSION_ALREADY_COMPLETED: { status: 409, message: "The session can no longer be modified." },
  RESOURCE_NOT_FOUND: { status: 404, message: "Resource not found." }, // added
  ROUTE_NOT_FOUND: { status: 404, message: "No such endpoint." }, // added
  METHOD_NOT_ALLOWED: { status: 405, message: "The method is not allowed on this endpoint." }, // added
  EMAIL_ALREADY_REGISTERED: { status: 409, message: "An account with this email already exists." }, // added
  WEBSOCKET_UPGRADE_REQUIRED: { status: 426, message: "This endpoint only accepts a WebSocket upgrade." }, // added
  RATE_LIMIT_EXCEEDED: { status: 429, message: "Rate limit exceeded." },
  // System
  SERVICE_UNAVAILABLE: { status: 503, message: "The service is temporarily unavailable." },
  DATABASE_ERROR: { status: 500, message: "A database operation failed." },
  AI_MODEL_ERROR: { status: 500, message: "Model processing failed." },
  INTERNAL_SERVER_ERROR: { status: 500, message: "An unexpected error occurred." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export type ErrorStatus = (typeof ERROR_CATALOGUE)[ErrorCode]["status"];

export type ErrorDetails = Record<string, unknown>;

/** The one error type domain and HTTP code throw; rendered by `onError`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly details: ErrorDetails;
  /** Extra response headers (e.g. Retry-After on 429, WWW-Authenticate on 401). */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: { message?: string; details?: ErrorDetails; headers?: Record<string, string> } = {}) {
    const entry = ERROR_CATALOGUE[code];
    super(options.message ?? entry.message);
    this.name = "AppError";
    this.code = code;
    this.status = entry.status;
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }
}

/** Codes grouped by status, for OpenAPI error responses. */
export function codesByStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}
