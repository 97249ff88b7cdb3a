import { STAGE_WEIGHTS } from "./pricing";
import { type Priority, STAGES, type Stage } from "./types";

/**
 * When each step of a session happens. The schedule's total is the requested
 * duration × ANALYSIS_TIME_SCALE (1 in production). For a `normal` session the
 * first 10 % of it is the queue wait (pending); the rest (the processing time)
 * is split across the stages by weight. A `high` session skips the queue wait:
 * it starts processing at once and completes 10 % of the total sooner, for a
 * higher price (pricing.ts). estimated_completion is the last step.
 */
const PENDING_SHARE = 0.1;
const QUEUE_SHARE: Record<Priority, number> = { normal: PENDING_SHARE, high: 0 };
/** A session not finished by created_at + 2 × total + grace fails (refunded). */
export const DEADLINE_GRACE_MS = 60_000;

export interface Schedule {
  totalMs: number;
  /** Time of step k: 0 starts processing, k = 1..3 ends STAGES[k-1]. */
  stepAt: number[];
  estimatedCompletion: number;
  deadline: number;
}

/** Parse the time-scale var; anything unusable means real time. */
export function timeScale(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : 1;
}

export function scheduleFor(
  createdAt: number,
  durationSeconds: number,
  scale: number,
  priority: Priority = "normal",
): Schedule {
  const totalMs = Math.round(durationSeconds * 1000 * scale);
  const processingMs = totalMs * (1 - PENDING_SHARE);
  const waitMs = totalMs * QUEUE_SHARE[priority];
  const stepAt = [createdAt + Math.round(waitMs)];
  let elapsed = waitMs;
  for (const stage of STAGES) {
    elapsed += processingMs * STAGE_WEIGHTS[stage];
    stepAt.push(createdAt + Math.round(elapsed));
  }
  const estimatedCompletion = createdAt + Math.round(waitMs + processingMs);
  stepAt[stepAt.length - 1] = estimatedCompletion;
  return { totalMs, stepAt, estimatedCompletion, deadline: createdAt + 2 * totalMs + DEADLINE_GRACE_MS };
}

/** The stage that step k (1..3) finishes. */
export const stageOfStep = (step: number): Stage | undefined => STAGES[step - 1];
/** The stage in progress after step k has run (null once all stages are done). */
export const stageAfterStep = (step: number): Stage | null => STAGES[step] ?? null;
