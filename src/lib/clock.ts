/** Times are passed in as epoch milliseconds (`now` parameters), so tests control them. */
export const iso = (ms: number): string => new Date(ms).toISOString();

export const DAY_MS = 86_400_000;

/** The UTC calendar date (YYYY-MM-DD) of `ms`. */
export const utcDate = (ms: number): string => iso(ms).slice(0, 10);

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && utcDate(ms) === s;
}
