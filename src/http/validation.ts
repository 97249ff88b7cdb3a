import type { Context } from "hono";
import type { z } from "zod";
import { AppError, type ErrorCode } from "../errors";

type Issue = z.core.$ZodIssue;

/** The raw input's value at an issue's path (undefined when absent). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** One zod issue → the catalogue code the spec names for it. */
function codeFor(issue: Issue, input?: unknown): ErrorCode {
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return "MISSING_REQUIRED_FIELD";
  // An absent enum field fails as invalid_value in zod 4; it is still missing, not invalid.
  if (
    issue.code === "invalid_value" &&
    input !== undefined &&
    issue.path.length > 0 &&
    valueAt(input, issue.path) === undefined
  )
    return "MISSING_REQUIRED_FIELD";
  if (issue.code === "too_big" && (issue.origin === "string" || issue.origin === "array")) return "FIELD_TOO_LONG";
  return "INVALID_FIELD_VALUE";
}

const fieldOf = (issue: Issue, target: string): string =>
  issue.path.length > 0 ? issue.path.map(String).join(".") : target === "json" ? "body" : target;

/**
 * zod's result → a 422 AppError naming the field and the reason
 * (`details.field`, `details.reason`); all problems are listed in `details.errors`.
 */
export function validationError(error: z.ZodError, target: string, input?: unknown): AppError {
  const issues = error.issues;
  const first = issues[0]!;
  const code = codeFor(first, input);
  const errors = issues.map((i) => ({ field: fieldOf(i, target), reason: i.message, code: codeFor(i, input) }));
  return new AppError(code, {
    message: `${errors[0]!.field}: ${errors[0]!.reason}`,
    details: {
      field: errors[0]!.field,
      reason: errors[0]!.reason,
      location: target === "json" ? "body" : target,
      errors,
    },
  });
}

/** The OpenAPIHono defaultHook: every validation failure becomes a catalogue error. */
export function validationHook(
  result: { success: boolean; error?: z.ZodError; target: string; data?: unknown },
  _c: Context,
): void {
  // On failure `data` is the raw input (@hono/zod-validator passes it to the hook).
  if (!result.success && result.error) throw validationError(result.error, result.target, result.data);
}
