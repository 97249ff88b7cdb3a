import { AppError } from "../../errors";
import type { Principal } from "../identity/principal";
import type { Scope } from "../identity/scopes";
import { SESSION_TYPES, type SessionType } from "./types";

/**
 * Scope family of each session type (docs/scopes.md): remote viewing has its
 * own scopes; the three non-visual types share the dowsing scopes.
 */
type Family = "remote-viewing" | "dowsing";
export type Action = "read" | "write" | "delete";

const familyOf = (type: SessionType): Family => (type === "remote_viewing" ? "remote-viewing" : "dowsing");
const scopeFor = (type: SessionType, action: Action): Scope => `${familyOf(type)}:${action}` as Scope;

/** 403 naming the scope, unless the principal carries it. */
export function requireSessionScope(principal: Principal, type: SessionType, action: Action): void {
  const scope = scopeFor(type, action);
  if (!principal.scopes.has(scope)) {
    throw new AppError("INSUFFICIENT_PERMISSIONS", {
      message: `This operation on a ${type} session requires the scope '${scope}'.`,
      details: { required_scopes: [scope], session_type: type },
    });
  }
}

/** Session types whose family the principal may read. */
export const readableTypes = (principal: Principal): SessionType[] =>
  SESSION_TYPES.filter((t) => principal.scopes.has(scopeFor(t, "read")));
