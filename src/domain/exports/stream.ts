import type { Column, ExportFormat } from "./format";
import { csvHeader, csvLine, ndjsonLine } from "./format";

/** Rows per D1 query: a page of sessions with results is a few MB at most, far inside 128 MB. */
export const EXPORT_PAGE_SIZE = 1000;

/** Reads the rows after `after` (keyset: the last row of the previous page), at most `limit`. */
export type PageReader<R> = (after: R | null, limit: number) => Promise<R[]>;

/** An export's input: the filter, the format, and the page size (tests lower it). */
export interface ExportRequest<Q> {
  query: Q;
  format: ExportFormat;
  pageSize?: number;
}

/**
 * A streamed export, one D1 page per pull: the consumer's reads drive the
 * queries (backpressure), so at most one page is held at a time whatever the
 * total. The first page is read before the stream is returned, so a failure
 * there still becomes an error envelope; a failure after the first byte
 * errors the stream, which aborts the response (the client sees a broken
 * transfer, never a short file that looks complete; docs/decisions.md).
 */
export async function exportStream<R>(
  read: PageReader<R>,
  columns: readonly Column<R>[],
  format: ExportFormat,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let page: R[] | null = await read(null, pageSize);
  let last: R | null = null;
  let first = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const rows: R[] = page ?? (await read(last, pageSize));
          page = null;
          let chunk = first && format === "csv" ? csvHeader(columns) : "";
          first = false;
          for (const row of rows) chunk += format === "csv" ? csvLine(columns, row) : ndjsonLine(columns, row);
          if (chunk) controller.enqueue(encoder.encode(chunk));
          if (rows.length < pageSize) controller.close();
          else last = rows[rows.length - 1]!;
        } catch (err) {
          console.error(JSON.stringify({ msg: "export aborted mid-stream", error: String(err) }));
          controller.error(err);
        }
      },
    },
    { highWaterMark: 0 },
  );
}
