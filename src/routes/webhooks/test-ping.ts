import { userContextOf } from "../../context/request";
import { sendTestPing } from "../../domain/webhooks/redeliver";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { DeliveryQueuedSchema, WebhookIdParam } from "./schemas";

const route = defineRoute({
  operationId: "testWebhook",
  method: "post",
  path: "/{webhook_id}/test",
  tags: ["Webhooks"],
  summary: "Send a signed test event",
  description:
    "Queues a `webhook.test` event to this webhook only, whatever its subscribed events; it appears in the delivery log.",
  scope: "profile",
  request: { params: WebhookIdParam },
  responses: {
    202: { description: "Queued", content: { "application/json": { schema: envelopeSchema(DeliveryQueuedSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND", "WEBHOOK_INACTIVE", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountTestPing(app: Router) {
  app.openapi(route, async (c) =>
    c.json(
      ok(await sendTestPing(userContextOf(c), { webhookId: c.req.valid("param").webhook_id }), "Test event queued"),
      202,
    ),
  );
}
