import { DAY_MS } from "../../lib/clock";
import type { Context } from "../context";

/** Billing periods are calendar months in UTC (docs/decisions.md). */
export interface Month {
  /** Inclusive start, ISO time. */
  start: string;
  /** Exclusive end, ISO time. */
  end: string;
  startDay: string;
  endDay: string;
}

function month(year: number, monthIndex: number): Month {
  const start = new Date(Date.UTC(year, monthIndex, 1)).toISOString();
  const end = new Date(Date.UTC(year, monthIndex + 1, 1)).toISOString();
  return { start, end, startDay: start.slice(0, 10), endDay: end.slice(0, 10) };
}

export function currentMonth(now: number): Month {
  const d = new Date(now);
  return month(d.getUTCFullYear(), d.getUTCMonth());
}

export function lastMonth(now: number): Month {
  const d = new Date(now);
  return month(d.getUTCFullYear(), d.getUTCMonth() - 1);
}

/** Days of a paid plan's free trial (docs/decisions.md, "Billing cycle"). */
const TRIAL_DAYS = 14;

/**
 * `BILLING_PERIOD_SCALE` (default 1): a factor on period, trial and dunning
 * lengths so a month can last seconds in tests and under `wrangler dev`.
 * Ignored in production, where a month is a month.
 */
export function billingScale(ctx: Context): number {
  if (ctx.config.environment === "production") return 1;
  const n = Number(ctx.config.scales.billingPeriod ?? "1");
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** One calendar month after `start` (the day clamped to the month's last), scaled. */
export function periodEnd(start: number, scale: number): number {
  const d = new Date(start);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const lastDay = new Date(Date.UTC(y, m + 2, 0)).getUTCDate();
  const next = Date.UTC(
    y,
    m + 1,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
  return start + Math.max(1_000, Math.round((next - start) * scale));
}

export const trialEnd = (start: number, scale: number): number =>
  start + Math.max(1_000, Math.round(TRIAL_DAYS * DAY_MS * scale));

/** Days after the first failed renewal at which it is retried; after the last failure the account moves to basic. */
export const DUNNING_RETRY_DAYS = [1, 3, 5] as const;

export const dunningRetryAt = (firstFailure: number, attempt: number, scale: number): number =>
  firstFailure + Math.max(1_000, Math.round((DUNNING_RETRY_DAYS[attempt - 1] ?? 0) * DAY_MS * scale));
