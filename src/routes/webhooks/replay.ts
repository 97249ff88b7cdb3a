import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { replayDelivery } from "../../domain/webhooks/redeliver";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { DeliveryQueuedSchema, WebhookIdParam } from "./schemas";

const route = defineRoute({
  operationId: "replayWebhookDelivery",
  method: "post",
  path: "/{webhook_id}/deliveries/{delivery_id}/replay",
  tags: ["Webhooks"],
  summary: "Redeliver one delivery",
  description:
    "Queues the same payload with the same `webhook-id` (receivers dedupe on it) and a fresh timestamp and signature.",
  scope: "profile",
  request: {
    params: WebhookIdParam.extend({
      delivery_id: z
        .string()
        .regex(/^dlv_\d+$/, "must look like dlv_<digits>")
        .openapi({ param: { name: "delivery_id", in: "path" } }),
    }),
  },
  responses: {
    202: { description: "Queued", content: { "application/json": { schema: envelopeSchema(DeliveryQueuedSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND", "WEBHOOK_INACTIVE", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountReplayDelivery(app: Router) {
  app.openapi(route, async (c) => {
    const { webhook_id, delivery_id } = c.req.valid("param");
    return c.json(
      ok(
        await replayDelivery(userContextOf(c), { webhookId: webhook_id, deliveryId: delivery_id }),
        "Redelivery queued",
      ),
      202,
    );
  });
}
