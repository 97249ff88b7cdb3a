import { userContextOf } from "../../context/request";
import { ownWebhook } from "../../domain/webhooks/manage";
import { webhookResource } from "../../domain/webhooks/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { WebhookIdParam, WebhookSchema } from "./schemas";

const route = defineRoute({
  operationId: "getWebhook",
  method: "get",
  path: "/{webhook_id}",
  tags: ["Webhooks"],
  summary: "One webhook (without its secret)",
  description:
    "One of the caller's webhooks; another account's webhook is 404. The secret is never returned after creation.",
  scope: "profile",
  request: { params: WebhookIdParam },
  responses: {
    200: { description: "The webhook", content: { "application/json": { schema: envelopeSchema(WebhookSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountGetWebhook(app: Router) {
  app.openapi(route, async (c) =>
    c.json(
      ok(webhookResource(await ownWebhook(userContextOf(c), { webhookId: c.req.valid("param").webhook_id }))),
      200,
    ),
  );
}
