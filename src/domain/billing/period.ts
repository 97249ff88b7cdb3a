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
