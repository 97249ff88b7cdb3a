import type { SessionStatus } from "./types";

/**
 * The session state machine (docs/decisions.md, "Sessions"). Pure: the
 * SessionRoom and the HTTP services both ask it before writing.
 *
 *   pending ──▶ processing ──▶ completed
 *      │            │ └──────▶ failed      (analyzer error or deadline)
 *      │            └─────────▶ cancelled  (DELETE)
 *      ├──────────────────────▶ cancelled  (DELETE)
 *      └──────────────────────▶ failed     (deadline passed before it started)
 */
const TRANSITIONS: Record<SessionStatus, readonly SessionStatus[]> = {
  pending: ["processing", "cancelled", "failed"],
  processing: ["completed", "failed", "cancelled"],
  completed: [],
  failed: [],
  cancelled: [],
};

export function canTransition(from: SessionStatus, to: SessionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isTerminal(status: SessionStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/** PUT is allowed while the session has not ended (see UPDATABLE_WHILE_PROCESSING). */
export const canUpdate = (status: SessionStatus): boolean => !isTerminal(status);

/** DELETE cancels only a session that has not ended. */
export const canCancel = (status: SessionStatus): boolean => canTransition(status, "cancelled");

/** Statuses a conditional UPDATE may start from to reach `to`. */
export function sourcesOf(to: SessionStatus): SessionStatus[] {
  return (Object.keys(TRANSITIONS) as SessionStatus[]).filter((from) => canTransition(from, to));
}
