import { findSessionState, type SessionRow, type SessionState, updateOpenSession } from "../../db/sessions";
import type { Bindings } from "../../env";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import type { Principal } from "../identity/principal";
import { auditRow, type RequestMeta } from "../organizations/audit";
import { ownSession } from "./queries";
import { roomOf } from "./room";
import { startRoomIfWaiting } from "./scheduler";
import { canCancel, canUpdate } from "./state-machine";
import type { Priority } from "./types";

export interface SessionPatch {
  parameters?: { confidence_threshold?: number | undefined; priority?: Priority | undefined } | undefined;
  metadata?: { tags?: string[] | undefined } | undefined;
}

const alreadyEnded = (row: Pick<SessionState, "id" | "status">) =>
  new AppError("SESSION_ALREADY_COMPLETED", {
    message: `The session is ${row.status} and can no longer be changed.`,
    details: { session_id: row.id, status: row.status },
  });

/**
 * PUT: confidence_threshold and tags may change while the session is pending
 * or processing (docs/decisions.md "Sessions"). The analyzer reads the
 * threshold when it produces the results, so a change before the last stage
 * ends takes effect. An ended session → 409. Priority sets the price and the
 * schedule at creation, so it may be repeated but not changed (409
 * SESSION_PRIORITY_FIXED): cancel a pending session (full refund) and create
 * it again instead.
 */
export async function updateSession(
  d1: D1Database,
  principal: Principal,
  id: string,
  patch: SessionPatch,
  now = Date.now(),
): Promise<SessionRow> {
  const row = await ownSession(d1, principal, id, "write");
  if (!canUpdate(row.status)) throw alreadyEnded(row);
  const priority = patch.parameters?.priority;
  if (priority !== undefined && priority !== row.priority) {
    throw new AppError("SESSION_PRIORITY_FIXED", {
      message: `The session was created with priority ${row.priority}, which set its price and schedule; cancel it and create a ${priority} session instead.`,
      details: { session_id: row.id, field: "parameters.priority", priority: row.priority },
    });
  }
  const updated = await updateOpenSession(
    d1,
    id,
    {
      ...(patch.parameters?.confidence_threshold !== undefined
        ? { confidenceThreshold: patch.parameters.confidence_threshold }
        : {}),
      ...(patch.metadata?.tags !== undefined ? { tags: patch.metadata.tags } : {}),
    },
    iso(now),
  );
  // It ended between the read and the conditional write.
  if (!updated) throw alreadyEnded((await findSessionState(d1, id)) ?? row);
  return updated;
}

/**
 * DELETE: the SessionRoom cancels (it owns the session's state), refunding per
 * the documented rule; an organization's session's audit entry commits with it.
 */
export async function cancelSession(
  env: Pick<Bindings, "DB" | "SESSION_ROOM" | "SESSION_SCHEDULER">,
  principal: Principal,
  id: string,
  meta?: RequestMeta,
) {
  const row = await ownSession(env.DB, principal, id, "delete");
  if (!canCancel(row.status)) throw alreadyEnded(row);
  const audit =
    row.organizationId && meta
      ? auditRow(row.organizationId, principal, meta, {
          action: "session.cancelled",
          targetType: "session",
          targetId: id,
          before: { status: row.status },
        })
      : undefined;
  // A pending session's room may not have started yet: it starts now and cancels (it owns the state).
  await startRoomIfWaiting(env, row);
  const outcome = await roomOf(env, id).cancel(audit);
  if (!outcome.ok) throw alreadyEnded({ id, status: outcome.status === "unknown" ? row.status : outcome.status });
  return {
    credits_refunded: outcome.credits_refunded,
    refund_reason: outcome.refund_reason,
  };
}
