import { balanceOf } from "../../db/credits";
import { findSession, type SessionRow, updateOpenSession } from "../../db/sessions";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import type { UserContext } from "../context";
import { auditRow } from "../organizations/audit";
import { onShard, shardNamedBy } from "../shards/accounts";
import { ownSession } from "./queries";
import { roomOf } from "./room";
import { startRoomIfWaiting } from "./scheduler";
import { canCancel, canUpdate } from "./state-machine";
import type { Priority } from "./types";

export interface SessionPatch {
  parameters?: { confidence_threshold?: number | undefined; priority?: Priority | undefined } | undefined;
  metadata?: { tags?: string[] | undefined } | undefined;
}

const alreadyEnded = (row: Pick<SessionRow, "id" | "status">) =>
  new AppError("SESSION_ALREADY_COMPLETED", {
    message: `The session is ${row.status} and can no longer be changed.`,
    details: { session_id: row.id, status: row.status },
  });

const priorityFixed = (row: Pick<SessionRow, "id" | "status" | "priority">) =>
  new AppError("SESSION_PRIORITY_FIXED", {
    message: `The session is ${row.status}: its priority can only change while it is pending.`,
    details: { session_id: row.id, field: "parameters.priority", priority: row.priority, status: row.status },
  });

export interface UpdateOutcome {
  row: SessionRow;
  /** The paying account's balance after a priority change re-priced the session (undefined when none did). */
  balance?: number | undefined;
}

/**
 * PUT: confidence_threshold and tags may change while the session is pending
 * or processing (docs/decisions.md "Sessions"). The analyzer reads the
 * threshold when it produces the results, so a change before the last stage
 * ends takes effect. An ended session → 409. Priority may change while the
 * session is pending: its room re-prices it (the difference charged or
 * refunded atomically with the change) and re-schedules it
 * (SessionRoom.reprice); a processing session → 409 SESSION_PRIORITY_FIXED.
 */
export async function updateSession(
  ctx: UserContext,
  { id, patch }: { id: string; patch: SessionPatch },
): Promise<UpdateOutcome> {
  const row = await ownSession(ctx, { id, action: "write" });
  // Found, so its id names a bound shard: the session's.
  const d1 = onShard(ctx, shardNamedBy(id)).db;
  if (!canUpdate(row.status)) throw alreadyEnded(row);
  const priority = patch.parameters?.priority;
  let balance: number | undefined;
  if (priority !== undefined && priority !== row.priority) {
    if (row.status !== "pending") throw priorityFixed(row);
    // A pending session may still wait in its scheduler: its room starts now and re-prices (it owns the schedule).
    await startRoomIfWaiting(ctx, row);
    const outcome = await roomOf(ctx, id).reprice(priority);
    if (!outcome.ok) {
      if (outcome.required !== undefined)
        throw new AppError("INSUFFICIENT_CREDITS", {
          message: `Priority ${priority} costs ${outcome.required} more credits; the balance is ${outcome.available}.`,
          details: { required: outcome.required, available: outcome.available },
        });
      const status = outcome.status === "unknown" ? row.status : outcome.status;
      if (status === "processing") throw priorityFixed({ ...row, status });
      throw alreadyEnded({ id, status });
    }
    balance = outcome.balance;
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
    iso(ctx.now()),
  );
  // It ended between the read and the conditional write.
  if (!updated) throw alreadyEnded((await findSession(d1, id)) ?? row);
  return { row: updated, balance };
}

/**
 * DELETE: the SessionRoom cancels (it owns the session's state), refunding per
 * the documented rule; an organization's session's audit entry commits with it.
 */
export async function cancelSession(ctx: UserContext, { id }: { id: string }) {
  const row = await ownSession(ctx, { id, action: "delete" });
  if (!canCancel(row.status)) throw alreadyEnded(row);
  const audit = row.organizationId
    ? auditRow(ctx, {
        organizationId: row.organizationId,
        entry: { action: "session.cancelled", targetType: "session", targetId: id, before: { status: row.status } },
      })
    : undefined;
  // A pending session's room may not have started yet: it starts now and cancels (it owns the state).
  await startRoomIfWaiting(ctx, row);
  const outcome = await roomOf(ctx, id).cancel(audit);
  if (!outcome.ok) throw alreadyEnded({ id, status: outcome.status === "unknown" ? row.status : outcome.status });
  return {
    credits_refunded: outcome.credits_refunded,
    refund_reason: outcome.refund_reason,
    balance: row.accountId ? await balanceOf(onShard(ctx, shardNamedBy(id)).db, row.accountId) : undefined,
  };
}
