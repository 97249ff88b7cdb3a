import { samlConnectionIdOfDomain } from "../../../db/sso-domains";
import { AppError } from "../../../errors";
import type { Context } from "../../context";

/**
 * Which SAML connection a login is for: the connection id itself, or an email / domain the
 * organization verified (an unverified domain routes nowhere: only its owner may claim its users).
 */
export async function samlConnectionFor(
  ctx: Context,
  by: { connection?: string | undefined; email?: string | undefined; domain?: string | undefined },
): Promise<string> {
  if (by.connection) return by.connection;
  const domain = (by.domain ?? by.email?.split("@")[1] ?? "").trim().toLowerCase();
  if (!domain)
    throw new AppError("MISSING_REQUIRED_FIELD", {
      details: { field: "connection", reason: "give connection, email or domain" },
    });
  const id = await samlConnectionIdOfDomain(ctx.db, domain);
  if (!id) throw new AppError("RESOURCE_NOT_FOUND", { message: "No single sign-on is configured for this domain." });
  return id;
}
