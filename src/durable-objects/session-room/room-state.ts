import type { RoomInit } from "../../domain/sessions/ports";
import type { SessionStatus, Stage } from "../../domain/sessions/types";

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
