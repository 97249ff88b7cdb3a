import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { HANDLED_EVENT_TYPES, receiveStripeEvent } from "../../domain/billing/stripe-events";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";

const route = defineRoute({
  operationId: "receiveStripeEvent",
  method: "post",
  path: "/stripe/webhook",
  tags: ["Billing"],
  summary: "Stripe's webhook (called by Stripe, not by clients)",
  description: `Where Stripe delivers events about charges (PAYMENT_GATEWAY=stripe). No credential: the raw JSON body must carry a valid \`Stripe-Signature\` header (\`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint's signing secret>\`, several v1 while a secret rolls), at most 300 s old, else 400 WEBHOOK_SIGNATURE_INVALID; 503 PAYMENT_PROVIDER_UNAVAILABLE while no signing secret is configured. Each event id is applied once: a redelivery answers 200 \`duplicate\`; a type we do not act on answers 200 \`ignored\`. Acted on: ${HANDLED_EVENT_TYPES.map((t) => `\`${t}\``).join(", ")} — credits taken back (never below a zero balance) and \`billing.payment_reversed\`, or, for a subscription fee, past_due and dunning (docs/decisions.md, "Billing cycle").`,
  responses: {
    200: {
      description: "Received",
      content: {
        "application/json": {
          schema: envelopeSchema(
            z.object({
              event_id: z.string(),
              type: z.string(),
              outcome: z.enum(["applied", "duplicate", "ignored"]),
            }),
          ),
        },
      },
    },
  },
  errors: ["WEBHOOK_SIGNATURE_INVALID", "INVALID_REQUEST_BODY", "PAYMENT_PROVIDER_UNAVAILABLE"],
});

export function mountStripeWebhook(app: Router) {
  app.openapi(route, async (c) => {
    const result = await receiveStripeEvent(contextOf(c), {
      signature: c.req.header("stripe-signature"),
      body: await c.req.text(),
    });
    return c.json(ok(result), 200);
  });
}
