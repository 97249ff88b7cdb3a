import { userContextOf } from "../../context/request";
import { deleteWebhook } from "../../domain/webhooks/manage";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { WebhookIdParam } from "./schemas";

const route = defineRoute({
  operationId: "deleteWebhook",
  method: "delete",
  path: "/{webhook_id}",
  tags: ["Webhooks"],
  summary: "Delete a webhook and its delivery log",
  description: "Deletes the webhook and its delivery log; queued deliveries to it are dropped.",
  scope: "profile",
  request: { params: WebhookIdParam },
  responses: { 200: { description: "Deleted", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountDeleteWebhook(app: Router) {
  app.openapi(route, async (c) => {
    await deleteWebhook(userContextOf(c), { webhookId: c.req.valid("param").webhook_id });
    return c.json({ success: true as const, message: "Webhook deleted" }, 200);
  });
}
