import type { Context } from "hono";
import { type AuditAction, appendAudit } from "../../domain/organizations/audit";
import type { AppEnv } from "../../env";
import { requestMeta } from "../../http/request-meta";

/**
 * A billing change made while acting for an organization goes to its audit log
 * (docs/decisions.md, "Organizations"); personal billing has no audit log.
 */
export async function auditOrganizationBilling(
  c: Context<AppEnv>,
  action: Extract<AuditAction, `billing.${string}`>,
  after: Record<string, unknown>,
): Promise<void> {
  const principal = c.get("principal");
  const organizationId = principal.organization?.id;
  if (!organizationId) return;
  await appendAudit(c.env.DB, organizationId, principal, requestMeta(c), {
    action,
    targetType: "billing_account",
    targetId: organizationId,
    after,
  });
}
