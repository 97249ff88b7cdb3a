/**
 * SCIM's own errors (RFC 7644 §3.12): an HTTP status and, for 400s and 409s, a `scimType`. The SCIM
 * routes render them in SCIM's format, never the /v1 envelope (docs/decisions.md "SCIM").
 */
export type ScimType =
  | "invalidFilter"
  | "tooMany"
  | "uniqueness"
  | "mutability"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue"
  | "invalidVers"
  | "sensitive";

export class ScimError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 412 | 413 | 429 | 500,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const scimNotFound = (what: string) => new ScimError(404, `${what} not found`);
export const invalidValue = (detail: string) => new ScimError(400, detail, "invalidValue");
