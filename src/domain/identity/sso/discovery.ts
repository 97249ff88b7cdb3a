import { connectionIdOfDomain } from "../../../db/sso-domains";
import { AppError } from "../../../errors";
import type { Context } from "../../context";

/** How a browser sign-in names its connection: the id itself, or an email / domain to look it up by. */
export interface ConnectionLookup {
  connection?: string | undefined;
  email?: string | undefined;
  domain?: string | undefined;
}

/**
 * Which SAML or OIDC connection a login is for: the connection id itself, or an email / domain the
 * organization verified (an unverified domain routes nowhere: only its owner may claim its users).
 * Every miss is the same 404, so the lookup tells nobody more than whether `kind` serves the domain.
 */
export async function connectionFor(
  ctx: Context,
  input: ConnectionLookup & { kind: "saml" | "oidc" },
): Promise<string> {
  const { kind, ...by } = input;
  if (by.connection) return by.connection;
  if (by.connection === undefined && by.email === undefined && by.domain === undefined)
    throw new AppError("MISSING_REQUIRED_FIELD", {
      details: { field: "connection", reason: "give connection, email or domain" },
    });
  // A given email or domain that names no domain (no "@", blank) is a miss like any other: the
  // 422 is only for a request that named nothing at all.
  const domain = (by.domain ?? by.email?.split("@")[1] ?? "").trim().toLowerCase();
  const id = domain ? await connectionIdOfDomain(ctx.db, domain, kind) : undefined;
  if (!id) throw new AppError("RESOURCE_NOT_FOUND", { message: "No single sign-on is configured for this domain." });
  return id;
}

/** The SAML connection for a login (connectionFor). */
export const samlConnectionFor = (ctx: Context, by: ConnectionLookup) => connectionFor(ctx, { ...by, kind: "saml" });
