import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "../errors";
import { errorBody } from "./envelope";

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
  return new AppError("INTERNAL_SERVER_ERROR");
}

export function onError(err: unknown, c: Context) {
  const appError = toAppError(err);
  if (appError.code === "INTERNAL_SERVER_ERROR" && !(err instanceof AppError)) {
    // The cause is logged, never sent.
    console.error(JSON.stringify({ request_id: c.get("requestId"), error: String(err), stack: (err as Error)?.stack }));
  }
  for (const [name, value] of Object.entries(appError.headers)) c.header(name, value);
  return c.json(errorBody(c, appError), appError.status as ContentfulStatusCode);
}
