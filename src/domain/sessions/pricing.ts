import type { Priority, SessionParameters, SessionType, Stage } from "./types";

/**
 * Price formula (docs/decisions.md "Sessions"): a base per session type, one
 * credit per started minute of requested duration, and 2 credits per analysis
 * type beyond the first; `high` priority costs half as much again (rounded up)
 * for skipping the queue wait (schedule.ts).
 * Default remote_viewing session (300 s, one type): 10 + 5 = 15 credits; high: 23.
 */
const BASE_PRICE: Record<SessionType, number> = {
  remote_viewing: 10,
  dowsing: 5,
  precognition: 15,
  intuitive_analysis: 5,
};

/** Multiplier on the normal price, by priority. */
const PRIORITY_PRICE_FACTOR: Record<Priority, number> = { normal: 1, high: 1.5 };

/** The price and its lines (POST /v1/sessions/quote shows them; creation charges `credits`). */
export function priceBreakdown(
  type: SessionType,
  p: Pick<SessionParameters, "duration" | "analysis_types"> & { priority?: Priority | undefined },
) {
  const minutes = Math.ceil(p.duration / 60);
  const extraTypes = Math.max(0, p.analysis_types.length - 1);
  const normal = BASE_PRICE[type] + minutes + 2 * extraTypes;
  const factor = PRIORITY_PRICE_FACTOR[p.priority ?? "normal"];
  const credits = Math.ceil(normal * factor);
  return {
    credits,
    lines: [
      { kind: "base" as const, quantity: 1, credits: BASE_PRICE[type] },
      { kind: "duration_minutes" as const, quantity: minutes, credits: minutes },
      { kind: "extra_analysis_types" as const, quantity: extraTypes, credits: 2 * extraTypes },
      { kind: "priority" as const, quantity: factor, credits: credits - normal },
    ],
  };
}

export function priceOf(
  type: SessionType,
  p: Pick<SessionParameters, "duration" | "analysis_types"> & { priority?: Priority | undefined },
): number {
  return priceBreakdown(type, p).credits;
}

/** Share of the processing each stage accounts for (also its share of time). */
export const STAGE_WEIGHTS: Record<Stage, number> = {
  initial_processing: 0.25,
  deep_analysis: 0.5,
  final_validation: 0.25,
};

export type RefundReason = "cancelled_before_processing" | "cancelled_during_processing" | "processing_failed";

export interface Refund {
  credits: number;
  reason: RefundReason;
}

/**
 * Cancellation refund. Pending: everything. Processing: pro rata by stage —
 * the stages not yet begun are refunded, the stage in progress and those
 * finished are charged (rounded down in the service's favour, so the refund
 * never exceeds what was paid). Deterministic: it does not depend on how far
 * into a stage the clock happens to be.
 */
export function cancellationRefund(
  creditsPaid: number,
  status: "pending" | "processing",
  currentStage: Stage | null,
): Refund {
  if (status === "pending") return { credits: creditsPaid, reason: "cancelled_before_processing" };
  const stages = Object.keys(STAGE_WEIGHTS) as Stage[];
  const index = currentStage ? stages.indexOf(currentStage) : 0;
  const unstarted = stages.slice(index + 1).reduce((sum, s) => sum + STAGE_WEIGHTS[s], 0);
  return { credits: Math.floor(creditsPaid * unstarted + 1e-9), reason: "cancelled_during_processing" };
}

/** A failed session (analyzer error, deadline) is refunded in full. */
export const failureRefund = (creditsPaid: number): Refund => ({ credits: creditsPaid, reason: "processing_failed" });
