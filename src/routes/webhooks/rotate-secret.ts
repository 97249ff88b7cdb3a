import { userContextOf } from "../../context/request";
import { rotateWebhookSecret } from "../../domain/webhooks/manage";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { RotatedSecretSchema, RotateSecretBody, WebhookIdParam } from "./schemas";

const route = defineRoute({
  operationId: "rotateWebhookSecret",
  method: "post",
  path: "/{webhook_id}/rotate-secret",
  tags: ["Webhooks"],
  summary: "Rotate the signing secret, with a 24-hour overlap",
  description:
    "Replaces the webhook's signing secret and returns the new one, only in this response (and in replays of it with the same `Idempotency-Key`). For 24 hours (`rotation_overlap_ends_at`) every delivery carries two `v1,` signatures in `webhook-signature`, one per secret, so a receiver verifying with either accepts it; then only the new secret signs. Rotating again within the 24 hours ends the older secret at once.",
  scope: "profile",
  idempotent: true,
  request: {
    params: WebhookIdParam,
    body: { required: false, content: { "application/json": { schema: RotateSecretBody } } },
  },
  responses: {
    200: {
      description: "Rotated",
      content: { "application/json": { schema: envelopeSchema(RotatedSecretSchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountRotateWebhookSecret(app: Router) {
  app.openapi(route, async (c) => {
    const { webhook, secret } = await rotateWebhookSecret(userContextOf(c), {
      webhookId: c.req.valid("param").webhook_id,
      secret: c.req.valid("json")?.secret,
    });
    return c.json(
      ok(
        { id: webhook.id, secret, rotation_overlap_ends_at: webhook.previousSecretExpiresAt as string },
        "Secret rotated",
      ),
      200,
    );
  });
}
