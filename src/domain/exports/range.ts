import type { CreatedRange } from "../../db/exports";
import { invalidField } from "../../errors";
import { DAY_MS, iso, utcDate } from "../../lib/clock";

export interface DateFilter {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

const nextDay = (date: string): string => iso(Date.parse(`${date}T00:00:00.000Z`) + DAY_MS);

/** start_date and end_date are inclusive UTC dates (as in GET /billing/history), on created_at. */
export function createdRange(q: DateFilter): CreatedRange {
  if (q.start_date && q.end_date && q.start_date > q.end_date) {
    throw invalidField("end_date", "must not be before start_date", "query");
  }
  return {
    from: q.start_date ? `${q.start_date}T00:00:00.000Z` : undefined,
    to: q.end_date ? nextDay(q.end_date) : undefined,
  };
}

/** `attachment; filename="<what>-<UTC date>.<ext>"` (RFC 6266). */
export function attachmentName(input: { what: string; format: "csv" | "ndjson"; now: number }): string {
  return `attachment; filename="${input.what}-${utcDate(input.now)}.${input.format}"`;
}
