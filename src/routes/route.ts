import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { Scope } from "../domain/identity/scopes";
import { ERROR_CATALOGUE, type ErrorCode } from "../errors";
import { ErrorEnvelopeSchema } from "../http/envelope";
import { codesByStatus } from "../http/error-status";
import { OrganizationIdHeader } from "../http/schemas";
import { requireAccountHolder } from "../middleware/account-holder";
import { requireScope } from "../middleware/authenticate";
import { IdempotencyKeyHeaders, idempotent } from "../middleware/idempotency";

/** Errors every authenticated route can return. */
const AUTH_ERRORS: ErrorCode[] = [
  "AUTHENTICATION_REQUIRED",
  "TOKEN_INVALID",
  "TOKEN_EXPIRED",
  "INSUFFICIENT_PERMISSIONS",
];
/** Errors every route can return. */
const COMMON_ERRORS: ErrorCode[] = [
  "INVALID_FIELD_VALUE",
  "RATE_LIMIT_EXCEEDED",
  "SERVICE_UNAVAILABLE",
  "DATABASE_ERROR",
  "INTERNAL_SERVER_ERROR",
];
const BODY_ERRORS: ErrorCode[] = [
  "INVALID_REQUEST_BODY",
  "PAYLOAD_TOO_LARGE",
  "MISSING_REQUIRED_FIELD",
  "FIELD_TOO_LONG",
];
const IDEMPOTENCY_ERRORS: ErrorCode[] = ["FIELD_TOO_LONG", "IDEMPOTENCY_KEY_MISMATCH", "IDEMPOTENCY_KEY_IN_USE"];

const OrganizationHeaders = z.object({ "x-organization-id": OrganizationIdHeader });

/**
 * Security requirement objects. OpenAPI reads a list of requirements as
 * "any one of them" and the scopes inside one requirement as "all of them";
 * the service accepts any one credential kind carrying any one of the listed
 * scopes, so each (credential kind, scope) pair is its own requirement.
 * (Scopes on bearerAuth and apiKey are OpenAPI 3.1 "role names".)
 */
function securityFor(scope: Scope | Scope[]) {
  const scopes = Array.isArray(scope) ? scope : [scope];
  const schemes = ["bearerAuth", "oauth2", "apiKey"] as const;
  if (scopes.length === 0) return schemes.map((scheme) => ({ [scheme]: [] as string[] }));
  return scopes.flatMap((s) => schemes.map((scheme) => ({ [scheme]: [s] })));
}

type DefineRouteConfig = Omit<RouteConfig, "security" | "responses" | "operationId" | "description"> & {
  /** Stable camelCase verb + noun (`createSession`): the method name in generated clients. */
  operationId: string;
  /** What the operation does, for the reference and generated clients' doc comments. */
  description: string;
  /** The scope the credential must carry; omit for public routes. Any of a list suffices. */
  scope?: Scope | Scope[] | "authenticated";
  responses: RouteConfig["responses"];
  /** Error codes this operation can return besides the common ones. */
  errors?: ErrorCode[];
  /**
   * Honour `Idempotency-Key` (src/middleware/idempotency.ts): adds the
   * middleware after the scope check, the header parameter and its errors.
   * "atomic": the handler hands the record to its use case (`idempotencyRecord(c, …)`),
   * which commits it with its work, instead of a claim before and an update after.
   */
  idempotent?: boolean | "atomic";
  /**
   * The operation changes how the account is secured or reached (src/domain/identity/account-holder.ts):
   * only its holder's first-party sign-in, with a recent second-factor check where the account has a
   * factor. Adds that check after the scope's, its errors, a sentence of the description and
   * `x-account-security: true`; the handler reads the proof with holderContextOf(c).
   */
  accountSecurity?: true;
};

/** What every `accountSecurity` operation's description ends with (the served document says the rule). */
const ACCOUNT_SECURITY_NOTE =
  "Account security: only the account's holder, signed in (a password, passkey or SSO sign-in's access token, or the console's session), may do this: an API key or an OAuth client's token (MCP and client-credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS` (`details.reason: sign_in_required`); with a second factor on the account it also needs a step-up check in the last 10 minutes (`POST /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).";

/**
 * A route = its contract. Declares the scope (which becomes both the OpenAPI
 * `security` and the authenticate middleware) and the error responses (from
 * the catalogue), so the document and the behaviour cannot drift apart.
 */
export function defineRoute<const C extends DefineRouteConfig>(config: C) {
  const {
    scope,
    errors = [],
    middleware,
    idempotent: isIdempotent = false,
    accountSecurity = false,
    description,
    ...rest
  } = config;
  if (accountSecurity && !scope)
    throw new Error("defineRoute: an accountSecurity operation needs a credential (scope)");
  const codes = new Set<ErrorCode>([...COMMON_ERRORS, ...errors]);
  const add = (group: readonly ErrorCode[]) => {
    for (const c of group) codes.add(c);
  };
  if (isIdempotent) add(IDEMPOTENCY_ERRORS);
  if (scope) add(AUTH_ERRORS);
  // X-Organization-Id (declared on every authenticated operation) naming an organization the caller
  // is not a member of is 404, as another account's resource is; naming one that requires MFA of its
  // members, by a member without a second factor, is 403 ORGANIZATION_MFA_REQUIRED
  // (src/domain/organizations/access.ts memberOf).
  if (scope) add(["RESOURCE_NOT_FOUND", "ORGANIZATION_MFA_REQUIRED"]);
  if (rest.request?.body) add(BODY_ERRORS);
  if (accountSecurity) add(["MFA_REQUIRED"]);

  const errorResponses: RouteConfig["responses"] = {};
  for (const [status, list] of codesByStatus([...codes])) {
    errorResponses[status] = {
      description: list.map((c) => `\`${c}\` — ${ERROR_CATALOGUE[c].message}`).join("<br>"),
      content: { "application/json": { schema: ErrorEnvelopeSchema } },
    };
  }

  const auth: MiddlewareHandler[] = scope ? [requireScope(scope === "authenticated" ? [] : scope)] : [];
  if (accountSecurity) auth.push(requireAccountHolder());
  const extra = [
    ...(isIdempotent ? [idempotent({ atomic: isIdempotent === "atomic" })] : []),
    ...(middleware ? (Array.isArray(middleware) ? middleware : [middleware]) : []),
  ];
  if (rest.request?.headers) throw new Error("defineRoute: routes declare no other headers yet");
  if (isIdempotent || scope) {
    const headers = scope
      ? isIdempotent
        ? IdempotencyKeyHeaders.extend(OrganizationHeaders.shape)
        : OrganizationHeaders
      : IdempotencyKeyHeaders;
    rest.request = { ...rest.request, headers };
  }
  const security = scope === undefined ? [] : securityFor(scope === "authenticated" ? [] : scope);

  return createRoute({
    ...rest,
    description: accountSecurity ? `${description} ${ACCOUNT_SECURITY_NOTE}` : description,
    security,
    middleware: [...auth, ...extra] as MiddlewareHandler[],
    responses: { ...config.responses, ...errorResponses },
    ...(scope && scope !== "authenticated" ? { "x-required-scopes": Array.isArray(scope) ? scope : [scope] } : {}),
    ...(accountSecurity ? { "x-account-security": true } : {}),
  } as unknown as Omit<C, "scope" | "errors" | "accountSecurity"> & { path: C["path"] }) as Omit<
    C,
    "scope" | "errors" | "accountSecurity"
  > & {
    getRoutingPath(): string;
  };
}
