import { deliveryLog } from "../../domain/webhooks/redeliver";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { DeliveryLogQuery, DeliveryLogSchema, WebhookIdParam } from "./schemas";

const route = defineRoute({
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/{webhook_id}/deliveries",
  tags: ["Webhooks"],
  summary: "The webhook's delivery log, newest first",
  description: "Each delivery (one event for this webhook) with every attempt: status code, duration, error.",
  scope: "profile",
  request: { params: WebhookIdParam, query: DeliveryLogQuery },
  responses: {
    200: { description: "Deliveries", content: { "application/json": { schema: envelopeSchema(DeliveryLogSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountListDeliveries(app: Router) {
  app.openapi(route, async (c) => {
    const { limit, offset } = c.req.valid("query");
    return c.json(
      ok(await deliveryLog(c.env.DB, c.get("principal"), c.req.valid("param").webhook_id, limit, offset)),
      200,
    );
  });
}
