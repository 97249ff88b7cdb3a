/** Trailing reporting periods (admin analytics, user stats): the last N days up to now. */
export const PERIODS = ["day", "week", "month", "year"] as const;
export type Period = (typeof PERIODS)[number];

const DAYS: Record<Period, number> = { day: 1, week: 7, month: 30, year: 365 };

export function periodStart(period: Period, now: number): number {
  return now - DAYS[period] * 86_400_000;
}
