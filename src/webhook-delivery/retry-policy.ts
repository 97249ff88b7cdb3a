import type { Config } from "../domain/config";

/**
 * Retry schedule of a failed delivery (docs/decisions.md). Modelled on the
 * Standard Webhooks recommendation and Svix's schedule: quick retries for
 * blips, then spreading out over about a day.
 *
 * MAX_RETRIES mirrors `max_retries` of the queue consumer in wrangler.toml:
 * after the first try plus 8 retries the message goes to the dead-letter queue.
 */
export const MAX_RETRIES = 8;
/** Delay before retry n (index n-1). Queues allow at most 12 hours. */
export const RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 1800, 3600, 7200, 14400] as const;

/** Delay after the given attempt failed (attempt 1 is the first try). */
export function retryDelaySeconds(attempt: number): number {
  const i = Math.min(Math.max(attempt, 1), RETRY_DELAYS_SECONDS.length) - 1;
  return RETRY_DELAYS_SECONDS[i]!;
}

/**
 * The delay multiplied by `scale` (WEBHOOK_RETRY_SCALE, see retryScale) for
 * local fault tests: whole seconds, at least 1. Scale 1 is the schedule itself.
 */
export function scaledRetryDelaySeconds(attempt: number, scale: number): number {
  const delay = retryDelaySeconds(attempt);
  return scale === 1 ? delay : Math.max(1, Math.ceil(delay * scale));
}

/**
 * The WEBHOOK_RETRY_SCALE var: a number in (0, 1] multiplying the schedule,
 * for tests under `wrangler dev` where retries run in real time. Absent,
 * unusable, or in production: 1 (the documented schedule).
 */
export function retryScale(config: Pick<Config, "environment" | "scales">): number {
  const configured = config.scales.webhookRetry;
  if (config.environment === "production" || configured === undefined) return 1;
  const n = Number(configured);
  return Number.isFinite(n) && n > 0 && n <= 1 ? n : 1;
}

/** True when no retry follows this attempt (the queue dead-letters the message). */
export const isFinalAttempt = (attempt: number): boolean => attempt > MAX_RETRIES;
