import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { billingRecord } from "../../domain/billing/billing-record";
import { changePlan } from "../../domain/billing/plan";
import { requireRecentCheck } from "../../domain/identity/mfa/recent-check";
import { TIERS } from "../../domain/identity/principal";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { BillingSchema, PaymentMethodId } from "./schemas";

const PlanChangeBody = z
  .object({
    tier: z.enum(TIERS),
    payment_method_id: PaymentMethodId.optional().openapi({
      description: "Charge this method (saved, or a processor id such as pm_card_visa) and make it the default",
    }),
  })
  .openapi("PlanChangeRequest");

const PlanChangeResult = z
  .object({
    billing: BillingSchema,
    charge: z
      .object({ transaction_id: z.string(), amount: z.number(), currency: z.string(), credits: z.number().int() })
      .nullable()
      .openapi({ description: "The prorated charge of an upgrade, or null (downgrades, cancellations, trials)" }),
  })
  .openapi("PlanChangeResult");

const changeRoute = defineRoute({
  operationId: "changePlan",
  method: "put",
  path: "/plan",
  tags: ["Billing"],
  summary: "Change plan",
  description:
    "An upgrade takes effect now: the fee difference for the rest of the period is charged and the prorated difference of included credits granted (while trialing: no charge, the trial continues on the new plan). A downgrade (basic included) takes effect at `current_period_end` (`pending_tier` until then); sending the current tier cancels a pending downgrade. Sessions over the lower plan's concurrency cap are left to finish. A paid tier needs the caller's verified email (403 `EMAIL_NOT_VERIFIED`).",
  scope: "profile",
  request: { body: { required: true, content: { "application/json": { schema: PlanChangeBody } } } },
  responses: {
    200: { description: "Plan changed", content: { "application/json": { schema: envelopeSchema(PlanChangeResult) } } },
  },
  errors: [
    "RESOURCE_NOT_FOUND",
    "PLAN_UNCHANGED",
    "ACCOUNT_PAST_DUE",
    "PAYMENT_DECLINED",
    "PAYMENT_FAILED",
    "PAYMENT_PROVIDER_UNAVAILABLE",
    "MFA_REQUIRED",
    "EMAIL_NOT_VERIFIED",
  ],
});

export function mountChangePlan(app: Router) {
  app.openapi(changeRoute, async (c) => {
    const ctx = userContextOf(c);
    await requireRecentCheck(ctx, ctx.principal);
    const result = await changePlan(ctx, c.req.valid("json"));
    return c.json(ok({ billing: await billingRecord(ctx), charge: result.charged }, "Plan changed"), 200);
  });
}
