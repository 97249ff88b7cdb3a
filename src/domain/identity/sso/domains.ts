import type { StatementResult, Store } from "../../../db/store";
import { AppError, invalidField } from "../../../errors";
import { iso } from "../../../lib/clock";
import { newId, randomToken } from "../../../lib/ids";
import type { Context, RequestMeta } from "../../context";
import { auditStatement } from "../../organizations/audit";
import type { Principal } from "../principal";
import { endPasswordSignIns } from "./enforcement";

/**
 * Domain verification (the WorkOS / Okta way): the organization publishes a TXT record
 * `_session-analysis-verification.<domain>` = `session-analysis-verification=<token>`, read over
 * DNS-over-HTTPS (RFC 8484 JSON API). `SSO_DOMAIN_VERIFICATION=skip` (development only) marks a
 * domain verified without DNS.
 */
export const TXT_PREFIX = "_session-analysis-verification";
const DOH_URL = "https://cloudflare-dns.com/dns-query";

export function normalizeDomain(domain: string): string {
  const d = domain.trim().toLowerCase().replace(/\.$/, "");
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(d)) {
    throw invalidField("domain", "not a domain name");
  }
  return d;
}

export async function isVerifiedDomainOf(d1: Store, organizationId: string, email: string): Promise<boolean> {
  const domain = email.split("@")[1]?.toLowerCase() ?? "";
  const row = await d1
    .prepare("SELECT 1 AS ok FROM sso_domains WHERE organization_id = ? AND domain = ? AND verified_at IS NOT NULL")
    .bind(organizationId, domain)
    .first<{ ok: number }>();
  return row !== null;
}

export interface DomainView {
  id: string;
  domain: string;
  verified: boolean;
  txt_record: { name: string; value: string };
}

function view(row: { id: string; domain: string; verification_token: string; verified_at: string | null }): DomainView {
  return {
    id: row.id,
    domain: row.domain,
    verified: row.verified_at !== null,
    txt_record: {
      name: `${TXT_PREFIX}.${row.domain}`,
      value: `session-analysis-verification=${row.verification_token}`,
    },
  };
}

/** The audit entry of a domain change, in the change's batch: written only when the statement before it changed a row. */
function domainAudit(
  d1: Store,
  principal: Principal,
  meta: RequestMeta,
  organizationId: string,
  action: "sso.domain_added" | "sso.domain_verified",
  domain: { id: string; domain: string },
  now: number,
) {
  return auditStatement(
    d1,
    organizationId,
    principal,
    meta,
    { action, targetType: "sso_domain", targetId: domain.id, after: { domain: domain.domain } },
    { onlyIfChanged: true, now },
  );
}

/** Add a domain (unverified) and its audit entry in one batch. */
export async function addDomain(
  d1: Store,
  principal: Principal,
  meta: RequestMeta,
  organizationId: string,
  domain: string,
  now = Date.now(),
) {
  const d = normalizeDomain(domain);
  const row = { id: newId("sso", now), domain: d, verification_token: randomToken(16), verified_at: null };
  const [inserted] = await d1.batch([
    d1
      .prepare(
        "INSERT INTO sso_domains (id, organization_id, domain, verification_token, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(row.id, organizationId, d, row.verification_token, iso(now)),
    domainAudit(d1, principal, meta, organizationId, "sso.domain_added", row, now),
  ]);
  if (inserted?.meta.changes !== 1) throw invalidField("domain", "already added");
  return view(row);
}

export async function listDomains(d1: Store, organizationId: string): Promise<DomainView[]> {
  const { results } = await d1
    .prepare(
      "SELECT id, domain, verification_token, verified_at FROM sso_domains WHERE organization_id = ? ORDER BY domain",
    )
    .bind(organizationId)
    .all<{ id: string; domain: string; verification_token: string; verified_at: string | null }>();
  return results.map(view);
}

/**
 * Verify a domain; the first verification is committed with its audit entry
 * (verifying a verified domain changes nothing and records nothing).
 */
export async function verifyDomain(
  ctx: Context,
  principal: Principal,
  meta: RequestMeta,
  organizationId: string,
  id: string,
  now = Date.now(),
): Promise<DomainView> {
  const row = await ctx.db
    .prepare("SELECT id, domain, verification_token, verified_at FROM sso_domains WHERE organization_id = ? AND id = ?")
    .bind(organizationId, id)
    .first<{ id: string; domain: string; verification_token: string; verified_at: string | null }>();
  if (!row) throw new AppError("RESOURCE_NOT_FOUND");
  if (row.verified_at) return view(row);
  const skip = ctx.config.environment !== "production" && ctx.env.SSO_DOMAIN_VERIFICATION === "skip";
  const expected = `session-analysis-verification=${row.verification_token}`;
  if (!skip && !(await txtRecords(`${TXT_PREFIX}.${row.domain}`)).includes(expected)) {
    throw invalidField("domain", `TXT record ${TXT_PREFIX}.${row.domain} does not hold ${expected} yet`);
  }
  const at = iso(now);
  const taken = () =>
    new AppError("SSO_DOMAIN_TAKEN", {
      message: `Another organization has already verified ${row.domain}; a domain is verified by one organization at a time.`,
      details: { domain: row.domain },
    });
  let verified: StatementResult | undefined;
  try {
    [, verified] = await ctx.db.batch([
      // A deleted organization's verification no longer holds the domain.
      ctx.db
        .prepare(
          "UPDATE sso_domains SET verified_at = NULL WHERE domain = ? AND verified_at IS NOT NULL AND organization_id IN (SELECT id FROM organizations WHERE deleted_at IS NOT NULL)",
        )
        .bind(row.domain),
      // One organization at a time (the partial unique index sso_domains_verified_domain settles races).
      ctx.db
        .prepare(
          "UPDATE sso_domains SET verified_at = ? WHERE id = ? AND verified_at IS NULL AND NOT EXISTS (SELECT 1 FROM sso_domains o WHERE o.domain = ? AND o.verified_at IS NOT NULL)",
        )
        .bind(at, id, row.domain),
      domainAudit(ctx.db, principal, meta, organizationId, "sso.domain_verified", row, now),
    ]);
  } catch (err) {
    if (/UNIQUE constraint failed/i.test(String(err))) throw taken();
    throw err;
  }
  if ((verified?.meta.changes ?? 0) === 0) {
    const current = await ctx.db
      .prepare("SELECT verified_at FROM sso_domains WHERE id = ?")
      .bind(id)
      .first<{ verified_at: string | null }>();
    if (current?.verified_at) return view({ ...row, verified_at: current.verified_at });
    throw taken();
  }
  // Members in the newly verified domain come under the organization's enforced sign-on now.
  await endPasswordSignIns(ctx, principal, meta, organizationId, now);
  return view({ ...row, verified_at: at });
}

async function txtRecords(name: string): Promise<string[]> {
  try {
    const response = await fetch(`${DOH_URL}?name=${encodeURIComponent(name)}&type=TXT`, {
      headers: { accept: "application/dns-json" },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return [];
    const body = (await response.json()) as { Answer?: Array<{ type: number; data: string }> };
    return (body.Answer ?? [])
      .filter((a) => a.type === 16)
      .map((a) => a.data.replace(/^"|"$/g, "").replace(/" "/g, ""));
  } catch {
    return [];
  }
}
