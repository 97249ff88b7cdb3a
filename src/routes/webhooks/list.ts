import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { ownWebhooks } from "../../domain/webhooks/manage";
import { webhookResource } from "../../domain/webhooks/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { WebhookSchema } from "./schemas";

const route = defineRoute({
  operationId: "listWebhooks",
  method: "get",
  path: "/",
  tags: ["Webhooks"],
  summary: "The caller's webhooks (without secrets)",
  description:
    "The caller's webhooks with their events, active flag and last delivery time; secrets are shown only when created.",
  scope: "profile",
  errors: ["ORGANIZATION_ROLE_REQUIRED"],
  responses: {
    200: {
      description: "Webhooks",
      content: { "application/json": { schema: envelopeSchema(z.object({ webhooks: z.array(WebhookSchema) })) } },
    },
  },
});

export function mountListWebhooks(app: Router) {
  app.openapi(route, async (c) =>
    c.json(ok({ webhooks: (await ownWebhooks(userContextOf(c))).map(webhookResource) }), 200),
  );
}
