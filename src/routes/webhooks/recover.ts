import { userContextOf } from "../../context/request";
import { recoverDeliveries } from "../../domain/webhooks/redeliver";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { RecoverBody, RecoveredSchema, WebhookIdParam } from "./schemas";

const route = defineRoute({
  operationId: "recoverWebhookDeliveries",
  method: "post",
  path: "/{webhook_id}/recover",
  tags: ["Webhooks"],
  summary: "Resend every failed delivery since a time",
  description:
    "Queues again, oldest first, each delivery to this webhook created at or after `since` (14 days back at most: an earlier `since` starts there, as the answer's `since` says) that failed for good (`failed`, `dead`) or was never sent (`skipped`, e.g. while the service had disabled the webhook): same body and `webhook-id`, fresh timestamp and signature, a fresh retry schedule. At most 100 per call; `remaining` says how many a further call would queue. A delivery already queued again is not queued twice, so calling again is safe.",
  scope: "profile",
  request: {
    params: WebhookIdParam,
    body: { required: true, content: { "application/json": { schema: RecoverBody } } },
  },
  responses: {
    202: { description: "Queued", content: { "application/json": { schema: envelopeSchema(RecoveredSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND", "WEBHOOK_INACTIVE", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountRecoverDeliveries(app: Router) {
  app.openapi(route, async (c) =>
    c.json(
      ok(
        await recoverDeliveries(userContextOf(c), {
          webhookId: c.req.valid("param").webhook_id,
          since: c.req.valid("json").since,
        }),
        "Recovery queued",
      ),
      202,
    ),
  );
}
