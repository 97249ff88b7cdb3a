import {
  domainsOf,
  domainVerifiedAt,
  findDomainOf,
  insertDomainStatement,
  isVerifiedDomain,
  markDomainVerifiedStatement,
  releaseDomainOfDeletedOrganizationsStatement,
  type SsoDomainRow,
} from "../../../db/sso-domains";
import type { StatementResult } from "../../../db/store";
import { AppError, invalidField } from "../../../errors";
import { iso } from "../../../lib/clock";
import { newId, randomToken } from "../../../lib/ids";
import type { Context, UserContext } from "../../context";
import { membershipIn } from "../../organizations/access";
import { auditStatement } from "../../organizations/audit";
import { requireRole } from "../../organizations/roles";
import { endPasswordSignIns } from "./enforcement";

/**
 * Domain verification (the WorkOS / Okta way): the organization publishes a TXT record
 * `_session-analysis-verification.<domain>` = `session-analysis-verification=<token>`, read through
 * the DnsResolver port. `SSO_DOMAIN_VERIFICATION=skip` (never in production) marks a domain
 * verified without DNS.
 */
export const TXT_PREFIX = "_session-analysis-verification";

export function normalizeDomain(domain: string): string {
  const d = domain.trim().toLowerCase().replace(/\.$/, "");
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(d)) {
    throw invalidField("domain", "not a domain name");
  }
  return d;
}

/** Whether `email`'s domain is one the organization verified. */
export async function isVerifiedDomainOf(
  ctx: Context,
  input: { organizationId: string; email: string },
): Promise<boolean> {
  const domain = input.email.split("@")[1]?.toLowerCase() ?? "";
  return isVerifiedDomain(ctx.db, input.organizationId, domain);
}

export interface DomainView {
  id: string;
  domain: string;
  verified: boolean;
  txt_record: { name: string; value: string };
}

function view(row: SsoDomainRow): DomainView {
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

/** Domains are the organization's owners' and admins' to see and change. */
async function requireAdmin(ctx: UserContext, organizationId: string) {
  const { role } = await membershipIn(ctx, { organizationId });
  requireRole(role, "admin");
}

/** The audit entry of a domain change, in the change's batch: written only when the statement before it changed a row. */
function domainAudit(
  ctx: UserContext,
  organizationId: string,
  action: "sso.domain_added" | "sso.domain_verified",
  domain: { id: string; domain: string },
) {
  return auditStatement(ctx, {
    organizationId,
    entry: { action, targetType: "sso_domain", targetId: domain.id, after: { domain: domain.domain } },
    onlyIfChanged: true,
  });
}

/** Add a domain (unverified) and its audit entry in one batch. */
export async function addDomain(ctx: UserContext, input: { organizationId: string; domain: string }) {
  await requireAdmin(ctx, input.organizationId);
  const d = normalizeDomain(input.domain);
  const now = ctx.now();
  const row: SsoDomainRow = {
    id: newId("sso", now),
    domain: d,
    verification_token: randomToken(16),
    verified_at: null,
  };
  const [inserted] = await ctx.commit([
    insertDomainStatement(ctx.db, input.organizationId, row, iso(now)),
    domainAudit(ctx, input.organizationId, "sso.domain_added", row),
  ]);
  if (inserted?.meta.changes !== 1) throw invalidField("domain", "already added");
  return view(row);
}

export async function listDomains(ctx: UserContext, input: { organizationId: string }): Promise<DomainView[]> {
  await requireAdmin(ctx, input.organizationId);
  return (await domainsOf(ctx.db, input.organizationId)).map(view);
}

/**
 * Verify a domain; the first verification is committed with its audit entry
 * (verifying a verified domain changes nothing and records nothing).
 */
export async function verifyDomain(
  ctx: UserContext,
  input: { organizationId: string; domainId: string },
): Promise<DomainView> {
  const { organizationId, domainId } = input;
  await requireAdmin(ctx, organizationId);
  const row = await findDomainOf(ctx.db, organizationId, domainId);
  if (!row) throw new AppError("RESOURCE_NOT_FOUND");
  if (row.verified_at) return view(row);
  const skip = ctx.config.environment !== "production" && ctx.config.ssoDomainVerification === "skip";
  const expected = `session-analysis-verification=${row.verification_token}`;
  if (!skip && !(await ctx.ports.dns.txt(`${TXT_PREFIX}.${row.domain}`)).includes(expected)) {
    throw invalidField("domain", `TXT record ${TXT_PREFIX}.${row.domain} does not hold ${expected} yet`);
  }
  const at = iso(ctx.now());
  const taken = () =>
    new AppError("SSO_DOMAIN_TAKEN", {
      message: `Another organization has already verified ${row.domain}; a domain is verified by one organization at a time.`,
      details: { domain: row.domain },
    });
  let verified: StatementResult | undefined;
  try {
    [, verified] = await ctx.commit([
      releaseDomainOfDeletedOrganizationsStatement(ctx.db, row.domain),
      markDomainVerifiedStatement(ctx.db, domainId, row.domain, at),
      domainAudit(ctx, organizationId, "sso.domain_verified", row),
    ]);
  } catch (err) {
    if (/UNIQUE constraint failed/i.test(String(err))) throw taken();
    throw err;
  }
  if ((verified?.meta.changes ?? 0) === 0) {
    const current = await domainVerifiedAt(ctx.db, domainId);
    if (current) return view({ ...row, verified_at: current });
    throw taken();
  }
  // Members in the newly verified domain come under the organization's enforced sign-on now.
  await endPasswordSignIns(ctx, { organizationId });
  return view({ ...row, verified_at: at });
}
