/**
 * Export encodings (docs/decisions.md "Exports"). CSV follows RFC 4180: CRLF
 * line ends, a header line, and a field quoted when it holds a comma, a
 * double quote, CR or LF (inner quotes doubled). Text cells that a
 * spreadsheet would run as a formula (starting with = + - @, TAB or CR) get a
 * leading apostrophe (OWASP "CSV Injection"); numbers are written as numbers,
 * so a negative credit change stays a number. NDJSON is one JSON object per
 * line, keys in column order, lists and objects as JSON values.
 */
export const EXPORT_FORMATS = ["csv", "ndjson"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8; header=present",
  ndjson: "application/x-ndjson; charset=utf-8",
};

/** text: user or service text; number: a number or null; json: a list or object (JSON text in CSV). */
export type ColumnType = "text" | "number" | "json";

export interface Column<R> {
  name: string;
  type: ColumnType;
  value: (row: R) => unknown;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV cell: neutralised (text only), then quoted if RFC 4180 requires it. */
export function csvCell(value: unknown, type: ColumnType): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (type === "number") text = String(value);
  else if (type === "json") text = JSON.stringify(value);
  else text = String(value);
  if (type !== "number" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader<R>(columns: readonly Column<R>[]): string {
  return `${columns.map((c) => csvCell(c.name, "text")).join(",")}\r\n`;
}

export function csvLine<R>(columns: readonly Column<R>[], row: R): string {
  return `${columns.map((c) => csvCell(c.value(row), c.type)).join(",")}\r\n`;
}

export function ndjsonLine<R>(columns: readonly Column<R>[], row: R): string {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c.name] = c.value(row) ?? null;
  return `${JSON.stringify(out)}\n`;
}

/** The highest q-value (RFC 9110 §12.5.1) any range of `accept` gives `type`; 0 if none matches. */
function qualityOf(accept: string, type: string): number {
  const family = `${type.split("/")[0]}/*`;
  let best = 0;
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    if (range !== type && range !== family && range !== "*/*") continue;
    const q = params.find((p) => p.startsWith("q="));
    const value = q ? Number(q.slice(2)) : 1;
    if (Number.isFinite(value)) best = Math.max(best, value);
  }
  return best;
}

/** Which encoding: `format` wins; else NDJSON if Accept prefers it to CSV; else CSV. */
export function negotiateFormat(format: ExportFormat | undefined, accept: string | undefined): ExportFormat {
  if (format) return format;
  if (!accept) return "csv";
  const ndjson = Math.max(qualityOf(accept, "application/x-ndjson"), qualityOf(accept, "application/ndjson"));
  return ndjson > qualityOf(accept, "text/csv") ? "ndjson" : "csv";
}
