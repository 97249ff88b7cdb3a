import type { Context } from "hono";
import type { AppError } from "../errors";

/** Success envelope (spec part 1): `{ success: true, data?, message? }`. */
export function ok<T>(data: T, message?: string): { success: true; data: T; message?: string } {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

export function errorBody(c: Context, err: Pick<AppError, "code" | "message" | "details">) {
  return {
    success: false as const,
    error: {
      code: err.code,
      message: err.message,
      details: err.details,
      timestamp: new Date().toISOString(),
      request_id: (c.get("requestId") as string | undefined) ?? "unknown",
    },
  };
}
