import { z } from "@hono/zod-openapi";
import { EXPORT_FORMATS } from "../../domain/exports/format";
import { CalendarDate } from "../../http/schemas";

/** Query fields every export takes. */
export const ExportQueryBase = z.object({
  format: z
    .enum(EXPORT_FORMATS)
    .optional()
    .openapi({
      description:
        "`csv` (RFC 4180, header line, CRLF) or `ndjson` (one JSON object per line). Without it, an Accept header naming " +
        "application/x-ndjson selects NDJSON; anything else gets CSV.",
    }),
  start_date: CalendarDate.optional().openapi({ description: "created_at on or after this UTC date (inclusive)" }),
  end_date: CalendarDate.optional().openapi({ description: "created_at on or before this UTC date (inclusive)" }),
});

const ContentDisposition = z.string().openapi({
  description: 'Always `attachment; filename="<export>-<UTC date>.<csv|ndjson>"`.',
  example: 'attachment; filename="sessions-2026-11-22.csv"',
});

/**
 * The 200 response of an export: CSV (a header line naming `columns` in
 * order) or NDJSON (one `row` object per line, keys in the same order).
 */
export function exportResponse(what: string, row: z.ZodObject, columns: readonly { name: string }[]) {
  const order = columns.map((c) => `\`${c.name}\``).join(", ");
  return {
    200: {
      description:
        `${what}, streamed. Columns, in this fixed order: ${order}. ` +
        "CSV text cells starting with = + - @ TAB or CR are prefixed with an apostrophe (formula injection); " +
        "lists and objects are JSON text in CSV and JSON values in NDJSON; null is an empty CSV cell. " +
        "An error before the first byte is the usual JSON error envelope; a failure after it aborts the transfer.",
      headers: z.object({ "Content-Disposition": ContentDisposition }),
      content: {
        "text/csv": {
          schema: z
            .string()
            .openapi({ description: `CSV with the header line ${columns.map((c) => c.name).join(",")}` }),
        },
        "application/x-ndjson": { schema: row },
      },
    },
  } as const;
}

const ts = z.string().openapi({ format: "date-time" });

export const SessionExportRowSchema = z
  .object({
    id: z.string(),
    session_type: z.string(),
    status: z.string(),
    cue: z.string(),
    created_at: ts,
    started_at: ts.nullable(),
    completed_at: ts.nullable(),
    cancelled_at: ts.nullable(),
    estimated_completion: ts,
    requested_duration: z.number().int(),
    duration: z.number().int().nullable(),
    confidence_threshold: z.number(),
    analysis_types: z.array(z.string()),
    priority: z.string(),
    case_id: z.string().nullable(),
    client_reference: z.string().nullable(),
    tags: z.array(z.string()),
    credits_required: z.number().int(),
    credits_used: z.number().int(),
    credits_refunded: z.number().int(),
    confidence_score: z.number().nullable(),
    error_code: z.string().nullable(),
    results: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: "The Session resource's `results` once completed" }),
  })
  .openapi("SessionExportRow", { description: "One line of the NDJSON sessions export" });

export const TransactionExportRowSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    amount: z.number(),
    currency: z.string(),
    credits: z.number().int(),
    status: z.string(),
    created_at: ts,
    description: z.string(),
  })
  .openapi("TransactionExportRow", { description: "One line of the NDJSON billing history export" });

export const UserExportRowSchema = z
  .object({
    user_id: z.string(),
    tier: z.string(),
    country: z.string(),
    created_at: ts,
    last_login: ts.nullable(),
    sessions_total: z.number().int(),
    sessions_active: z.number().int(),
    sessions_completed: z.number().int(),
    sessions_failed: z.number().int(),
    sessions_cancelled: z.number().int(),
  })
  .openapi("UserExportRow", { description: "One line of the NDJSON user analytics export" });
