import { describe, expect, it } from "vitest";
import { AppError, invalidField } from "../../src/errors";
import { errorHeaders } from "../../src/http/error-headers";
import { statusOf } from "../../src/http/error-status";

/** onError derives a refusal's headers from its code and details (src/http/error-headers.ts). */
const headersOf = (err: AppError) => Object.fromEntries(errorHeaders(err));

describe("headers derived from an error's code and details", () => {
  it("Retry-After from details.retry_after on 429 and 503, rounded up to whole seconds", () => {
    expect(headersOf(new AppError("RATE_LIMIT_EXCEEDED", { details: { retry_after: 12 } }))).toEqual({
      "Retry-After": "12",
    });
    expect(headersOf(new AppError("SERVICE_UNAVAILABLE", { details: { retry_after: 0.2 } }))).toEqual({
      "Retry-After": "1",
    });
  });

  it("Retry-After from the catalogue when the error does not say: a key in use, a processor failure", () => {
    expect(headersOf(new AppError("IDEMPOTENCY_KEY_IN_USE"))).toEqual({ "Retry-After": "1" });
    expect(headersOf(new AppError("PAYMENT_FAILED"))).toEqual({ "Retry-After": "5" });
  });

  it("no Retry-After on a 4xx a retry cannot fix, whatever its details say", () => {
    expect(headersOf(new AppError("INVALID_FIELD_VALUE", { details: { retry_after: 3 } }))).toEqual({});
    expect(headersOf(new AppError("SERVICE_UNAVAILABLE"))).toEqual({});
  });

  it("an RFC 6750 §3 challenge on the bearer 401s, invalid_token with the message as description", () => {
    expect(headersOf(new AppError("AUTHENTICATION_REQUIRED"))).toEqual({
      "WWW-Authenticate": 'Bearer realm="session-analysis"',
    });
    expect(headersOf(new AppError("TOKEN_EXPIRED", { message: 'The "API key" has expired.' }))).toEqual({
      "WWW-Authenticate":
        'Bearer realm="session-analysis", error="invalid_token", error_description="The API key has expired"',
    });
  });

  it("no challenge on 401s that are not about a bearer credential", () => {
    expect(headersOf(new AppError("INVALID_CREDENTIALS"))).toEqual({});
    expect(headersOf(new AppError("MFA_CODE_INVALID"))).toEqual({});
  });

  it("insufficient_scope naming the scopes on a 403 that lists them (RFC 6750 §3.1)", () => {
    expect(
      headersOf(
        new AppError("INSUFFICIENT_PERMISSIONS", { details: { required_scopes: ["sessions:write", "admin"] } }),
      ),
    ).toEqual({
      "WWW-Authenticate": 'Bearer realm="session-analysis", error="insufficient_scope", scope="sessions:write admin"',
    });
    expect(headersOf(new AppError("INSUFFICIENT_PERMISSIONS"))).toEqual({});
  });

  it("Allow from details.allowed on a 405 (RFC 9110 §15.5.6)", () => {
    expect(headersOf(new AppError("METHOD_NOT_ALLOWED", { details: { allowed: ["GET", "POST"] } }))).toEqual({
      Allow: "GET, POST",
    });
  });

  it("a protected resource's metadata URL in every bearer challenge when given (RFC 9728 §5.1)", () => {
    const resourceMetadata = "https://api.example/.well-known/oauth-protected-resource/mcp";
    const of = (err: AppError) => Object.fromEntries(errorHeaders(err, { resourceMetadata }));
    expect(of(new AppError("AUTHENTICATION_REQUIRED"))).toEqual({
      "WWW-Authenticate": `Bearer realm="session-analysis", resource_metadata="${resourceMetadata}"`,
    });
    expect(of(new AppError("TOKEN_INVALID", { message: "The token is invalid." }))).toEqual({
      "WWW-Authenticate": `Bearer realm="session-analysis", resource_metadata="${resourceMetadata}", error="invalid_token", error_description="The token is invalid"`,
    });
    expect(of(new AppError("INSUFFICIENT_PERMISSIONS", { details: { required_scopes: ["dowsing:write"] } }))).toEqual({
      "WWW-Authenticate": `Bearer realm="session-analysis", resource_metadata="${resourceMetadata}", error="insufficient_scope", scope="dowsing:write"`,
    });
  });
});

/** The catalogue's HTTP mapping (src/http/error-status.ts): the error carries no status of its own. */
describe("the status an error answers with", () => {
  it("is its code's, and 400 only for a malformed framing header (docs/errors.md)", () => {
    expect(statusOf(new AppError("INVALID_FIELD_VALUE"))).toBe(422);
    expect(statusOf(invalidField("X-Client-Version", "must be a calendar date YYYY-MM-DD", "header"))).toBe(400);
    expect(statusOf(invalidField("X-Organization-Id", "must look like org_<digits>", "header"))).toBe(400);
    expect(statusOf(invalidField("X-D1-Bookmark", "must be a bookmark", "header"))).toBe(422);
    expect(statusOf(invalidField("X-Client-Version", "must be a date", "body"))).toBe(422);
    expect(
      statusOf(new AppError("FIELD_TOO_LONG", { details: { field: "X-Client-Version", location: "header" } })),
    ).toBe(422);
    expect("status" in new AppError("SESSION_NOT_FOUND")).toBe(false);
  });
});
