import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { cancelSession } from "../../domain/sessions/manage";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { CREDITS_REMAINING, CreditsRemainingHeader, SessionIdParam } from "./schemas";

const CancelResult = z
  .object({
    success: z.literal(true),
    message: z.string(),
    refund: z.object({
      credits_refunded: z.number().int(),
      refund_reason: z.enum(["cancelled_before_processing", "cancelled_during_processing"]),
    }),
  })
  .openapi("CancelSessionResult");

const route = defineRoute({
  operationId: "cancelSession",
  method: "delete",
  path: "/{session_id}",
  tags: ["Sessions"],
  summary: "Cancel a session",
  description:
    "Cancels a pending or processing session; it becomes `cancelled`. Refund: everything while pending; while processing, the share " +
    "of the stages not yet begun (initial_processing 25 %, deep_analysis 50 %, final_validation 25 %), rounded down. " +
    "WebSocket clients get the transition and a normal close. Completed, failed or cancelled → 409. `X-Credits-Remaining` carries " +
    "the paying account's balance after the refund. Needs the family's `:delete` scope.",
  scope: ["remote-viewing:delete", "dowsing:delete"],
  request: { params: SessionIdParam },
  responses: {
    200: {
      description: "Cancelled",
      headers: CreditsRemainingHeader,
      content: { "application/json": { schema: CancelResult } },
    },
  },
  errors: ["SESSION_NOT_FOUND", "SESSION_ALREADY_COMPLETED"],
});

export function mountCancel(app: Router) {
  app.openapi(route, async (c) => {
    const id = c.req.valid("param").session_id;
    const { balance, ...refund } = await cancelSession(userContextOf(c), { id });
    if (balance !== undefined) c.header(CREDITS_REMAINING, String(balance));
    return c.json({ success: true as const, message: "Session cancelled", refund }, 200);
  });
}
