import { userContextOf } from "../../context/request";
import { type DeliveryLogInput, deliveryLog } from "../../domain/webhooks/redeliver";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { DeliveryLogQuery, DeliveryLogSchema, WebhookIdParam } from "./schemas";

const route = defineRoute({
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/{webhook_id}/deliveries",
  tags: ["Webhooks"],
  summary: "The webhook's delivery log, newest first",
  description:
    "Each delivery (one event for this webhook) with every attempt: status code, duration and a readable error (`connection refused or reset`, `timed out after 15 s`, `HTTP 500`). Filter by `status`, `event_type` and time (`since`, `until`); page with `cursor` (`pagination.next_cursor`) or `offset`.",
  scope: "profile",
  request: { params: WebhookIdParam, query: DeliveryLogQuery },
  responses: {
    200: { description: "Deliveries", content: { "application/json": { schema: envelopeSchema(DeliveryLogSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountListDeliveries(app: Router) {
  app.openapi(route, async (c) => {
    const { status, event_type, ...query } = c.req.valid("query");
    const log = await deliveryLog(userContextOf(c), {
      webhookId: c.req.valid("param").webhook_id,
      ...query,
      statuses: status?.split(",") as DeliveryLogInput["statuses"],
      eventType: event_type,
    });
    return c.json(ok(log), 200);
  });
}
