import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type AppError, ERROR_CATALOGUE, type ErrorCode } from "../errors";

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

// ---- OpenAPI schemas for the envelope ------------------------------------

export function envelopeSchema<T extends z.ZodType>(data: T, name?: string) {
  const schema = z.object({ success: z.literal(true), data, message: z.string().optional() });
  return name ? schema.openapi(name) : schema;
}

export const MessageOnlySchema = z.object({ success: z.literal(true), message: z.string() }).openapi("MessageEnvelope");

export const ErrorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).openapi({ example: { field: "cue", reason: "Required" } }),
      timestamp: z.string().openapi({ format: "date-time" }),
      request_id: z.string(),
    }),
  })
  .openapi("ErrorEnvelope");
