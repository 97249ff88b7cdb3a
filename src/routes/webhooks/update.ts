import { contextOf } from "../../context/request";
import { updateWebhook } from "../../domain/webhooks/manage";
import { webhookResource } from "../../domain/webhooks/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { requestMeta } from "../../http/request-meta";
import { defineRoute } from "../../http/route";
import { UpdateWebhookBody, WebhookIdParam, WebhookSchema } from "./schemas";

const route = defineRoute({
  operationId: "updateWebhook",
  method: "put",
  path: "/{webhook_id}",
  tags: ["Webhooks"],
  summary: "Change a webhook's events, active flag, url or description",
  description: "The secret cannot be changed here (delete and re-create to rotate it).",
  scope: "profile",
  request: {
    params: WebhookIdParam,
    body: { required: true, content: { "application/json": { schema: UpdateWebhookBody } } },
  },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: envelopeSchema(WebhookSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountUpdateWebhook(app: Router) {
  app.openapi(route, async (c) => {
    const webhook = await updateWebhook(
      contextOf(c),
      c.get("principal"),
      c.req.valid("param").webhook_id,
      c.req.valid("json"),
      requestMeta(c),
    );
    return c.json(ok(webhookResource(webhook), "Webhook updated"), 200);
  });
}
