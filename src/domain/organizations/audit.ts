import { type AuditFilter, type AuditRow, insertAuditStatement, listAudit } from "../../db/audit-log";
import type { Statement, Store } from "../../db/store";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { RequestMeta } from "../context";
import type { Principal } from "../identity/principal";

/** Where a change came from: the request's id and the client address. */
/**
 * The actions the audit log records. `target_type` says what `target_id` names.
 * Billing, API key, webhook and SSO changes in an organization use the same log.
 */
export type AuditAction =
  | "organization.created"
  | "organization.renamed"
  | "organization.deleted"
  | "member.joined"
  | "member.role_changed"
  | "member.removed"
  | "member.left"
  | "ownership.transferred"
  | "invitation.created"
  | "invitation.revoked"
  | "invitation.accepted"
  | "api_key.created"
  | "api_key.revoked"
  | "api_key.rotated"
  | "webhook.created"
  | "webhook.updated"
  | "webhook.deleted"
  | "webhook.secret_rotated"
  // Written by the delivery consumer (no person acts): the endpoint failed continuously (docs/webhooks.md).
  | "webhook.disabled"
  | "session.created"
  | "session.cancelled"
  | "billing.purchase"
  | "billing.plan_changed"
  | "billing.payment_method_added"
  | "billing.payment_method_removed"
  | "billing.payment_method_default_changed"
  | "sso.connection_created"
  | "sso.connection_updated"
  | "sso.connection_deleted"
  | "sso.domain_added"
  | "sso.domain_verified"
  | "sso.identity_linked"
  | "sso.account_taken_over"
  | "sso.enforced_sign_ins_ended"
  // A member's own second factors (issue 30), written to every organization they belong to.
  | "mfa.factor_added"
  | "mfa.factor_removed"
  | "mfa.recovery_codes_regenerated";

export interface AuditEntry {
  action: AuditAction;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | undefined;
  after?: Record<string, unknown> | undefined;
}

export function auditRow(
  organizationId: string,
  principal: Principal,
  meta: RequestMeta,
  entry: AuditEntry,
  now = Date.now(),
): AuditRow {
  return {
    id: newId("aud", now),
    organizationId,
    actorUserId: principal.organization?.via === "api_key" ? null : principal.userId,
    actorCredential: `${principal.credential.kind}:${principal.credential.id}`,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ? JSON.stringify(entry.before) : null,
    after: entry.after ? JSON.stringify(entry.after) : null,
    requestId: meta.requestId,
    ip: meta.ip,
    createdAt: iso(now),
  };
}

/** The audit statement for a batch (see insertAuditStatement for `onlyIfChanged`). */
export function auditStatement(
  d1: Store,
  organizationId: string,
  principal: Principal,
  meta: RequestMeta,
  entry: AuditEntry,
  options: { onlyIfChanged?: boolean; now?: number } = {},
): Statement {
  return insertAuditStatement(
    d1,
    auditRow(organizationId, principal, meta, entry, options.now),
    options.onlyIfChanged ?? false,
  );
}

/**
 * The audit entry of a change made for an organization, as statements to put in
 * the change's own D1 batch right after the statement that makes the change:
 * the entry is written only when that statement changed a row, so the change
 * and its entry commit together or not at all. Personal resources (no
 * organization) and calls without request metadata have no entry.
 */
export function auditInBatch(
  d1: Store,
  organizationId: string | null | undefined,
  principal: Principal,
  meta: RequestMeta | undefined,
  entry: AuditEntry,
  now = Date.now(),
): Statement[] {
  if (!organizationId || !meta) return [];
  return [auditStatement(d1, organizationId, principal, meta, entry, { onlyIfChanged: true, now })];
}

export function readAudit(d1: Store, organizationId: string, filter: AuditFilter, limit: number, offset: number) {
  return listAudit(d1, organizationId, filter, limit, offset);
}
