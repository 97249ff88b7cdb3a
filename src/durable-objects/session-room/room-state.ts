import type { RefundReason } from "../../domain/sessions/pricing";
import type { Schedule } from "../../domain/sessions/schedule";
import type { SessionStatus, Stage } from "../../domain/sessions/types";

/** What a session's scheduler hands its room at the start (SessionRoom.start), as the creation recorded it. */
export interface RoomInit {
  sessionId: string;
  userId: string;
  creditsPaid: number;
  schedule: Schedule;
}

/**
 * The room's own record of the session, in its Durable Object storage (key
 * "state"). It is the authority on the next step; D1 is the query store the
 * room writes to. `step` counts the steps done: 0 = waiting to start,
 * 1..3 = that many stages finished (the last one also completes).
 */
export interface RoomState {
  init: RoomInit;
  status: SessionStatus;
  stage: Stage | null;
  step: number;
  startedAt: number | null;
  /** Sequence number of the last message broadcast. */
  seq: number;
}

export const STATE_KEY = "state";

export type CancelOutcome =
  | {
      ok: true;
      credits_refunded: number;
      refund_reason: Exclude<RefundReason, "processing_failed">;
      status: "cancelled";
    }
  | { ok: false; status: SessionStatus | "unknown" };

/** SessionRoom.reprice: the new price and end, or why the session could not change priority. */
export type RepriceOutcome =
  | { ok: true; difference: number; credits: number; estimatedCompletion: string; balance?: number }
  | { ok: false; status: SessionStatus | "unknown"; required?: number; available?: number };
