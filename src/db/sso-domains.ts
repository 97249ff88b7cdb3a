/** Email domains an organization claims for single sign-on, and what a verified one routes to. */

export interface SsoDomainRow {
  id: string;
  domain: string;
  verification_token: string;
  verified_at: string | null;
}

export async function isVerifiedDomain(d1: D1Database, organizationId: string, domain: string): Promise<boolean> {
  const row = await d1
    .prepare("SELECT 1 AS ok FROM sso_domains WHERE organization_id = ? AND domain = ? AND verified_at IS NOT NULL")
    .bind(organizationId, domain)
    .first<{ ok: number }>();
  return row !== null;
}

/** Adds an unverified domain; changes nothing when the organization already has it. */
export function insertDomainStatement(
  d1: D1Database,
  organizationId: string,
  row: SsoDomainRow,
  createdAt: string,
): D1PreparedStatement {
  return d1
    .prepare(
      "INSERT INTO sso_domains (id, organization_id, domain, verification_token, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
    )
    .bind(row.id, organizationId, row.domain, row.verification_token, createdAt);
}

export async function domainsOf(d1: D1Database, organizationId: string): Promise<SsoDomainRow[]> {
  const { results } = await d1
    .prepare(
      "SELECT id, domain, verification_token, verified_at FROM sso_domains WHERE organization_id = ? ORDER BY domain",
    )
    .bind(organizationId)
    .all<SsoDomainRow>();
  return results;
}

export async function findDomainOf(d1: D1Database, organizationId: string, id: string): Promise<SsoDomainRow | null> {
  return d1
    .prepare("SELECT id, domain, verification_token, verified_at FROM sso_domains WHERE organization_id = ? AND id = ?")
    .bind(organizationId, id)
    .first<SsoDomainRow>();
}

export async function domainVerifiedAt(d1: D1Database, id: string): Promise<string | null> {
  const row = await d1
    .prepare("SELECT verified_at FROM sso_domains WHERE id = ?")
    .bind(id)
    .first<{ verified_at: string | null }>();
  return row?.verified_at ?? null;
}

/** A deleted organization's verification no longer holds the domain. */
export function releaseDomainOfDeletedOrganizationsStatement(d1: D1Database, domain: string): D1PreparedStatement {
  return d1
    .prepare(
      "UPDATE sso_domains SET verified_at = NULL WHERE domain = ? AND verified_at IS NOT NULL AND organization_id IN (SELECT id FROM organizations WHERE deleted_at IS NOT NULL)",
    )
    .bind(domain);
}

/** Verifies a domain if no organization holds it (the partial unique index sso_domains_verified_domain settles races). */
export function markDomainVerifiedStatement(
  d1: D1Database,
  id: string,
  domain: string,
  verifiedAt: string,
): D1PreparedStatement {
  return d1
    .prepare(
      "UPDATE sso_domains SET verified_at = ? WHERE id = ? AND verified_at IS NULL AND NOT EXISTS (SELECT 1 FROM sso_domains o WHERE o.domain = ? AND o.verified_at IS NOT NULL)",
    )
    .bind(verifiedAt, id, domain);
}

/** The first connection of `kind` of the live organization that verified `domain`, if any. */
export async function connectionIdOfDomain(
  d1: D1Database,
  domain: string,
  kind: "saml" | "oidc",
): Promise<string | null> {
  const row = await d1
    .prepare(
      `SELECT c.id FROM sso_domains d
       JOIN sso_connections c ON c.organization_id = d.organization_id AND c.kind = ?
       JOIN organizations o ON o.id = d.organization_id AND o.deleted_at IS NULL
       WHERE d.domain = ? AND d.verified_at IS NOT NULL ORDER BY c.created_at LIMIT 1`,
    )
    .bind(kind, domain)
    .first<{ id: string }>();
  return row?.id ?? null;
}

/** An enforced connection of the live organization that verified `domain`, if any (one holds a domain at a time). */
export async function enforcedConnectionOfDomain(d1: D1Database, domain: string) {
  return d1
    .prepare(
      `SELECT c.id, c.kind, c.organization_id FROM sso_domains d
       JOIN sso_connections c ON c.organization_id = d.organization_id AND c.enforced = 1
       JOIN organizations o ON o.id = d.organization_id AND o.deleted_at IS NULL
       WHERE d.domain = ? AND d.verified_at IS NOT NULL ORDER BY c.created_at LIMIT 1`,
    )
    .bind(domain)
    .first<{ id: string; kind: "saml" | "ldap" | "oidc"; organization_id: string }>();
}
