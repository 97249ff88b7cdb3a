import { type AppError, retryAfterOf } from "../errors";
import { statusOf } from "./error-status";

/** Codes that answer a missing or refused bearer credential: they carry an RFC 6750 §3 challenge. */
const BEARER_CODES = new Set(["AUTHENTICATION_REQUIRED", "TOKEN_INVALID", "TOKEN_EXPIRED"]);
/** Statuses a client may retry after waiting: 429 (RFC 6585 §4), 503 (RFC 9110 §10.2.3), 409 in use, 502. */
const RETRYABLE = new Set([409, 429, 502, 503]);

/**
 * The response headers an error implies, derived from its code, status and details so that domain
 * code never names a header:
 * - Retry-After (RFC 9110 §10.2.3) from `details.retry_after` or the code's catalogue default;
 * - WWW-Authenticate (RFC 6750 §3) on the bearer 401s (`invalid_token` with the message as its
 *   description when a credential was refused), and `insufficient_scope` naming
 *   `details.required_scopes` on a 403 (§3.1);
 * - Allow (RFC 9110 §10.2.1) on a 405 from `details.allowed`.
 *
 * `resourceMetadata`: a protected resource's metadata URL (RFC 9728 §5.1), named in every bearer
 * challenge so a client that meets the 401 or 403 finds its authorization server (the MCP server).
 */
export function errorHeaders(err: AppError, options: { resourceMetadata?: string } = {}): Array<[string, string]> {
  const { resourceMetadata } = options;
  const headers: Array<[string, string]> = [];
  const status = statusOf(err);
  if (RETRYABLE.has(status)) {
    const retryAfter = retryAfterOf(err);
    if (retryAfter !== undefined) headers.push(["Retry-After", String(retryAfter)]);
  }
  if (status === 401 && BEARER_CODES.has(err.code)) {
    headers.push([
      "WWW-Authenticate",
      err.code === "AUTHENTICATION_REQUIRED"
        ? bearerChallenge({ resourceMetadata })
        : bearerChallenge({ error: "invalid_token", description: err.message, resourceMetadata }),
    ]);
  }
  if (status === 403 && err.code === "INSUFFICIENT_PERMISSIONS") {
    const scopes = stringList(err.details.required_scopes);
    if (scopes.length > 0)
      headers.push([
        "WWW-Authenticate",
        bearerChallenge({ error: "insufficient_scope", scope: scopes.join(" "), resourceMetadata }),
      ]);
  }
  if (status === 405) {
    const allowed = stringList(err.details.allowed);
    if (allowed.length > 0) headers.push(["Allow", allowed.join(", ")]);
  }
  return headers;
}

/** RFC 6750 §3 challenge; the description keeps only the characters §3 allows in a quoted value. */
function bearerChallenge(challenge: {
  error?: "invalid_token" | "insufficient_scope";
  description?: string;
  scope?: string;
  resourceMetadata?: string | undefined;
}): string {
  const parts = ['Bearer realm="session-analysis"'];
  if (challenge.resourceMetadata) parts.push(`resource_metadata="${challenge.resourceMetadata}"`);
  if (challenge.error) parts.push(`error="${challenge.error}"`);
  if (challenge.description) {
    const description = challenge.description
      .replace(/[^\x20-\x7e]|["\\]/g, "")
      .replace(/\.$/, "")
      .trim();
    if (description) parts.push(`error_description="${description}"`);
  }
  if (challenge.scope) parts.push(`scope="${challenge.scope}"`);
  return parts.join(", ");
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
