import type { Context } from "hono";
import { contextOf } from "../../context/request";
import { CONTENT_TYPES, type ExportFormat } from "../../domain/exports/format";
import { attachmentName } from "../../domain/exports/range";
import type { AppEnv } from "../../http/app-env";

/** The streamed 200: content type, attachment name, never cached. */
export function streamed(c: Context<AppEnv>, what: string, format: ExportFormat, body: ReadableStream<Uint8Array>) {
  return c.body(body, 200, {
    "Content-Type": CONTENT_TYPES[format],
    "Content-Disposition": attachmentName({ what, format, now: contextOf(c).now() }),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
