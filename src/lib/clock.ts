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

/** The last instant a four-digit year can write (RFC 3339 §5.6 `date-fullyear`). */
const LAST_ISO_MS = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * An RFC 3339 date-time with any offset (`2026-11-27T10:00:00-19:25`) as the UTC ISO string times
 * are stored as, so it compares in SQL as text. A time past year 9999 in UTC (9999-12-31T23:00-19:25)
 * is held at the last four-digit instant, where `toISOString` would write `+010000-…` and sort first.
 */
const utcInstant = (dateTime: string): string => iso(instantMs(dateTime));

/** A filter's `since`/`until` bounds as `utcInstant`s (an absent bound stays absent); other fields as they are. */
export function utcBounds<T extends { since?: string | undefined; until?: string | undefined }>(filter: T): T {
  const { since, until } = filter;
  return {
    ...filter,
    since: since === undefined ? undefined : utcInstant(since),
    until: until === undefined ? undefined : utcInstant(until),
  };
}

/** `utcInstant` in epoch milliseconds. */
export const instantMs = (dateTime: string): number => Math.min(Date.parse(dateTime), LAST_ISO_MS);
