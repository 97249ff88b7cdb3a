import { userContextOf } from "../../context/request";
import { updateWebhook } from "../../domain/webhooks/manage";
import { webhookResource } from "../../domain/webhooks/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { UpdateWebhookBody, WebhookIdParam, WebhookSchema } from "./schemas";

const route = defineRoute({
  operationId: "updateWebhook",
  method: "put",
  path: "/{webhook_id}",
  tags: ["Webhooks"],
  summary: "Change a webhook's events, active flag, url or description",
  description:
    "The secret cannot be changed here (rotate it with `POST /v1/webhooks/{webhook_id}/rotate-secret`). Setting `active: true` on a webhook the service disabled for failing clears `disabled_at`; what it missed is resent only on request (`POST /v1/webhooks/{webhook_id}/recover`).",
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
    const webhook = await updateWebhook(userContextOf(c), {
      webhookId: c.req.valid("param").webhook_id,
      ...c.req.valid("json"),
    });
    return c.json(ok(webhookResource(webhook), "Webhook updated"), 200);
  });
}
