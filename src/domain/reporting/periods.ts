import { DAY_MS } from "../../lib/clock";

/** Reporting periods (admin analytics, user stats) and how many days each spans. */
export const PERIOD_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;
export type Period = keyof typeof PERIOD_DAYS;
export const PERIODS = Object.keys(PERIOD_DAYS) as [Period, ...Period[]];

/** The start of the trailing period ending at `now`: the last N × 24 hours. */
export function periodStart(period: Period, now: number): number {
  return now - PERIOD_DAYS[period] * DAY_MS;
}
