import { z } from "@hono/zod-openapi";
import { isCalendarDate } from "../lib/clock";

/** A query or body date: YYYY-MM-DD, and a real one (UTC). */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine(isCalendarDate, "must be a calendar date")
  .openapi({ format: "date" });
