import { type AuditFilter, type AuditRow, insertAuditStatement, listAudit } from "../../db/audit-log";
import type { Statement } from "../../db/store";
import { iso, utcBounds } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context, RequestMeta, UserContext } from "../context";
import type { Principal } from "../identity/principal";
import { membershipIn } from "./access";
import { requireRole } from "./roles";

/**
 * The actions the audit log records. `target_type` says what `target_id` names.
 * Billing, API key, webhook and SSO changes in an organization use the same log.
 */
export type AuditAction =
  | "organization.created"
  | "organization.renamed"
  | "organization.mfa_requirement_changed"
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
  // SCIM provisioning (issue 48, docs/sso.md "SCIM"): the connection's changes, then what the directory did.
  | "scim.connection_created"
  | "scim.token_rotated"
  | "scim.connection_revoked"
  | "scim.user_provisioned"
  | "scim.user_updated"
  | "scim.user_deprovisioned"
  | "scim.user_reactivated"
  | "scim.user_deleted"
  | "scim.group_created"
  | "scim.group_updated"
  | "scim.group_deleted"
  // A member's own second factors (issue 30), written to every organization they belong to.
  | "mfa.factor_added"
  | "mfa.factor_removed"
  | "mfa.recovery_codes_regenerated";

interface AuditEntry {
  action: AuditAction;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | undefined;
  after?: Record<string, unknown> | undefined;
}

/** One audit entry of organization `organizationId`, as `auditRow` and `auditStatement` take it. */
export interface AuditInput {
  organizationId: string;
  entry: AuditEntry;
  /**
   * Who acted: the context's principal unless named here (a sign-on's provisioning records the
   * person it signs in; a factor change, the person whose factor it is).
   */
  actor?: Principal | undefined;
  /** The request's id and address: the context's unless named here. */
  meta?: RequestMeta | undefined;
}

function actorOf(ctx: Context, actor: Principal | undefined): Principal {
  if (actor) return actor;
  if (ctx.actor.kind !== "user") throw new Error("audit: a system or anonymous unit of work must name the actor");
  return ctx.actor.principal;
}

/** The audit row of an entry, at the context's time. */
export function auditRow(ctx: Context, input: AuditInput): AuditRow {
  return auditRowAt({
    organizationId: input.organizationId,
    principal: actorOf(ctx, input.actor),
    meta: input.meta ?? ctx.meta,
    entry: input.entry,
    now: ctx.now(),
  });
}

function auditRowAt(r: {
  organizationId: string;
  principal: Principal;
  meta: RequestMeta;
  entry: AuditEntry;
  now: number;
}): AuditRow {
  const { principal, meta, entry, now } = r;
  return {
    id: newId("aud", now),
    organizationId: r.organizationId,
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

/**
 * The audit statement for a batch. With `onlyIfChanged`, it writes only if the statement just
 * before it in the batch changed a row (see insertAuditStatement).
 */
export function auditStatement(ctx: Context, input: AuditInput & { onlyIfChanged?: boolean }): Statement {
  return insertAuditStatement(ctx.db, auditRow(ctx, input), input.onlyIfChanged ?? false);
}

/**
 * The audit entry of a change made for an organization, as statements to put in
 * the change's own D1 batch right after the statement that makes the change:
 * the entry is written only when that statement changed a row, so the change
 * and its entry commit together or not at all. Personal resources (no
 * organization) have no entry. Actor, request and time are the context's unless named.
 */
export function auditInBatch(
  ctx: Context,
  input: Omit<AuditInput, "organizationId"> & { organizationId: string | null | undefined },
): Statement[] {
  const { organizationId } = input;
  if (!organizationId) return [];
  return [auditStatement(ctx, { ...input, organizationId, onlyIfChanged: true })];
}

/**
 * A page of organization `organizationId`'s audit log, newest first, for its admins (an
 * organization API key: as a member, so never).
 */
export async function readAudit(
  ctx: UserContext,
  input: { organizationId: string; filter: AuditFilter; limit: number; offset: number },
) {
  const { role } = await membershipIn(ctx, input);
  requireRole(role, "admin");
  // Stored times are UTC ISO text: a bound given with an offset compares once converted.
  return listAudit(ctx.db, input.organizationId, utcBounds(input.filter), input.limit, input.offset);
}
