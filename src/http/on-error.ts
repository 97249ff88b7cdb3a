import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "../errors";
import { errorBody } from "./envelope-body";
import { errorHeaders } from "./error-headers";
import { statusOf } from "./error-status";

/** Map anything thrown to a catalogue error; unknown errors never leak their message. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    // Thrown by Hono's validators and body limit.
    if (err.status === 413) return new AppError("PAYLOAD_TOO_LARGE");
    if (err.status === 415)
      return new AppError("INVALID_REQUEST_BODY", {
        message: "Content-Type must be application/json.",
        details: { reason: "unsupported content type" },
      });
    if (err.status === 400)
      return new AppError("INVALID_REQUEST_BODY", {
        message: "The request body is not valid JSON.",
        details: { reason: "malformed JSON" },
      });
  }
  if (isDatabaseError(err)) return new AppError("DATABASE_ERROR");
  return new AppError("INTERNAL_SERVER_ERROR");
}

/**
 * D1's errors carry a `D1_…` code in their message ("D1_ERROR: … : SQLITE_…",
 * "D1_EXEC_ERROR", "D1_TYPE_ERROR", "D1_COLUMN_NOTFOUND"); drizzle wraps them in
 * a "Failed query" error whose `cause` is D1's. Follow the cause chain.
 */
const D1_MESSAGE = /^(?:Error: )?D1_[A-Z_]+|\bSQLITE_[A-Z_]+\b/;
function isDatabaseError(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (D1_MESSAGE.test(e.message)) return true;
  }
  return false;
}

export function onError(err: unknown, c: Context) {
  const appError = toAppError(err);
  if (!(err instanceof AppError) && statusOf(appError) >= 500) {
    // The cause is logged, never sent (it may name tables, SQL or parameters).
    const cause = err instanceof Error && err.cause !== undefined ? String(err.cause) : undefined;
    console.error(
      JSON.stringify({
        request_id: c.get("requestId"),
        code: appError.code,
        error: String(err),
        ...(cause ? { cause } : {}),
        stack: (err as Error)?.stack,
      }),
    );
  }
  // For the request's log line and metric (src/middleware/request-log.ts).
  c.set("errorCode", appError.code);
  for (const [name, value] of errorHeaders(appError)) c.header(name, value);
  return c.json(errorBody(c, appError), statusOf(appError) as ContentfulStatusCode);
}

/**
 * Answers with `err` from inside a layer that folds another step into itself (src/app.ts, the
 * client version in CORS): the response Hono's compose would set had that step been a layer of its own.
 */
export function answerWithError(c: Context, err: Error): void {
  c.error = err;
  c.res = onError(err, c);
}
