import type { Store } from "../../../db/store";
import { AppError } from "../../../errors";

/**
 * Which SAML connection a login is for: the connection id itself, or an email / domain the
 * organization verified (an unverified domain routes nowhere: only its owner may claim its users).
 */
export async function samlConnectionFor(
  d1: Store,
  by: { connection?: string | undefined; email?: string | undefined; domain?: string | undefined },
): Promise<string> {
  if (by.connection) return by.connection;
  const domain = (by.domain ?? by.email?.split("@")[1] ?? "").trim().toLowerCase();
  if (!domain)
    throw new AppError("MISSING_REQUIRED_FIELD", {
      details: { field: "connection", reason: "give connection, email or domain" },
    });
  const row = await d1
    .prepare(
      `SELECT c.id FROM sso_domains d
       JOIN sso_connections c ON c.organization_id = d.organization_id AND c.kind = 'saml'
       JOIN organizations o ON o.id = d.organization_id AND o.deleted_at IS NULL
       WHERE d.domain = ? AND d.verified_at IS NOT NULL ORDER BY c.created_at LIMIT 1`,
    )
    .bind(domain)
    .first<{ id: string }>();
  if (!row) throw new AppError("RESOURCE_NOT_FOUND", { message: "No single sign-on is configured for this domain." });
  return row.id;
}
