import { z } from "@hono/zod-openapi";
import { ERROR_CATALOGUE, type ErrorCode } from "../errors";

// The bodies themselves are built without zod (./envelope-body.ts): the error path is loaded at startup.
export { ok } from "./envelope-body";

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
