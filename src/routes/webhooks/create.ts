import { userContextOf } from "../../context/request";
import { createWebhook } from "../../domain/webhooks/manage";
import { webhookResource } from "../../domain/webhooks/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { CreatedWebhookSchema, CreateWebhookBody } from "./schemas";

const route = defineRoute({
  operationId: "createWebhook",
  method: "post",
  path: "/",
  tags: ["Webhooks"],
  summary: "Register a webhook",
  description:
    "Deliveries follow Standard Webhooks (signed with the secret). The secret is returned only in this response (and in replays of it with the same `Idempotency-Key`, which never create a second webhook).",
  scope: "profile",
  idempotent: true,
  request: { body: { required: true, content: { "application/json": { schema: CreateWebhookBody } } } },
  responses: {
    201: {
      description: "Created",
      content: { "application/json": { schema: envelopeSchema(CreatedWebhookSchema) } },
      links: {
        GetWebhook: { operationId: "getWebhook", parameters: { webhook_id: "$response.body#/data/id" } },
        RotateWebhookSecret: {
          operationId: "rotateWebhookSecret",
          parameters: { webhook_id: "$response.body#/data/id" },
        },
        RecoverWebhookDeliveries: {
          operationId: "recoverWebhookDeliveries",
          parameters: { webhook_id: "$response.body#/data/id" },
        },
        ListWebhookDeliveries: {
          operationId: "listWebhookDeliveries",
          parameters: { webhook_id: "$response.body#/data/id" },
        },
      },
    },
  },
  errors: ["WEBHOOK_LIMIT_REACHED", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountCreateWebhook(app: Router) {
  app.openapi(route, async (c) => {
    const { webhook, secret } = await createWebhook(userContextOf(c), c.req.valid("json"));
    const {
      last_triggered: _never,
      disabled_at: _notYet,
      failing_since: _notFailing,
      rotation_overlap_ends_at: _notRotated,
      ...resource
    } = webhookResource(webhook);
    return c.json(ok({ ...resource, secret }, "Webhook created"), 201);
  });
}
