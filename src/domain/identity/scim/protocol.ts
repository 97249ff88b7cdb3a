import { ScimError as PatchLibraryError, type ScimPatchOperation, scimPatch } from "scim-patch";
import type { Attributes } from "./attributes";
import { ScimError } from "./errors";
import { SCIM } from "./schemas";

/** A list's query parameters (RFC 7644 §3.4.2), as the route read them. */
export interface ListQuery {
  filter?: string | undefined;
  startIndex?: string | undefined;
  count?: string | undefined;
  attributes?: string | undefined;
  excludedAttributes?: string | undefined;
}

/** The largest page (RFC 7644 §3.4.2.4 lets the provider cap `count`; ServiceProviderConfig says so). */
export const MAX_RESULTS = 100;

/** startIndex is 1-based and below 1 reads as 1; count below 0 as 0; both default as §3.4.2.4 says. */
export function pageOf(query: ListQuery): { offset: number; limit: number } {
  const number = (text: string | undefined, name: string) => {
    if (text === undefined || text === "") return undefined;
    if (!/^-?\d{1,9}$/.test(text)) throw new ScimError(400, `${name}: an integer`, "invalidValue");
    return Number(text);
  };
  const start = Math.max(1, number(query.startIndex, "startIndex") ?? 1);
  const count = Math.min(MAX_RESULTS, Math.max(0, number(query.count, "count") ?? MAX_RESULTS));
  return { offset: start - 1, limit: count };
}

export function listResponse(input: { resources: Attributes[]; total: number; startIndex: number }) {
  return {
    schemas: [SCIM.listResponse],
    totalResults: input.total,
    startIndex: input.startIndex,
    itemsPerPage: input.resources.length,
    Resources: input.resources,
  };
}

/** RFC 7644 §3.14: a write with If-Match applies only to that version (a weak ETag `W/"<version>"`). */
export function requireVersion(version: number, ifMatch: string | undefined) {
  if (ifMatch === undefined || ifMatch.trim() === "*") return;
  const tags = ifMatch.split(",").map((t) => t.trim());
  if (!tags.includes(`W/"${version}"`) && !tags.includes(`"${version}"`)) {
    throw new ScimError(412, "the resource changed since that version (If-Match)");
  }
}

export interface PatchBody {
  schemas?: unknown;
  Operations?: unknown;
}

type Operation = { op: "add" | "remove" | "replace"; path?: string; value?: unknown };

/**
 * RFC 7644 §3.5.2: a PatchOp message, applied by scim-patch (a maintained implementation of the
 * operations, paths and value filters) to the resource as read, all or nothing. Operation names
 * are case-insensitive (Entra ID sends `Replace`); the library's refusals become SCIM errors.
 */
export function applyPatch(resource: Attributes, body: PatchBody): Attributes {
  const schemas = Array.isArray(body?.schemas) ? body.schemas : [];
  if (!schemas.includes(SCIM.patchOp) || !Array.isArray(body.Operations) || body.Operations.length === 0) {
    throw new ScimError(400, `a PatchOp message (${SCIM.patchOp}) with Operations`, "invalidSyntax");
  }
  if (body.Operations.length > 100) throw new ScimError(400, "at most 100 operations", "tooMany");
  const operations = body.Operations.map((o): Operation => {
    const op = typeof o?.op === "string" ? o.op.toLowerCase() : "";
    if (op !== "add" && op !== "remove" && op !== "replace") {
      throw new ScimError(400, "each operation's op is add, remove or replace", "invalidSyntax");
    }
    if (o.path !== undefined && typeof o.path !== "string") throw new ScimError(400, "path: a string", "invalidPath");
    return { ...o, op };
  });
  try {
    return scimPatch(structuredClone(resource) as never, operations as ScimPatchOperation[]) as Attributes;
  } catch (err) {
    if (err instanceof PatchLibraryError) {
      const scimType = err.scimCode === "noTarget" || err.scimCode === "invalidPath" ? err.scimCode : "invalidValue";
      throw new ScimError(400, err.message || "the operation does not apply to this resource", scimType);
    }
    throw err;
  }
}
