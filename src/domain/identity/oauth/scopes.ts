import { isScope, type Scope } from "../scopes";
import { OAuthError } from "./errors";

/**
 * The scopes to grant for a requested `scope` parameter (RFC 6749 §3.3):
 * every requested scope must exist and lie within `ceiling`; when the
 * parameter is omitted the whole ceiling is granted (our documented default).
 * Anything else is invalid_scope, never a silent downgrade.
 */
export function grantScopes(requested: string | undefined, ceiling: readonly Scope[]): Scope[] {
  if (requested === undefined) {
    if (ceiling.length === 0) throw new OAuthError("invalid_scope", "No scope can be granted to this client.");
    return [...ceiling];
  }
  // scope-token = 1*( %x21 / %x23-5B / %x5D-7E ), separated by single spaces.
  const names = requested.split(" ").filter((s) => s !== "");
  const unknown = names.filter((s) => !isScope(s));
  if (unknown.length > 0)
    throw new OAuthError("invalid_scope", `Unknown scope: ${unknown.slice(0, 3).join(" ").slice(0, 100)}.`);
  const outside = names.filter((s) => !ceiling.includes(s as Scope));
  if (outside.length > 0)
    throw new OAuthError("invalid_scope", `Scope not allowed for this client: ${outside.join(" ")}.`);
  if (names.length === 0) throw new OAuthError("invalid_scope", "The scope parameter is empty.");
  return [...new Set(names as Scope[])];
}

export const intersect = (a: readonly Scope[], b: readonly Scope[]): Scope[] => a.filter((s) => b.includes(s));
