import { holderContextOf } from "../../context/request";
import { rotateApiKey } from "../../domain/identity/api-keys/lifecycle";
import { apiKeyResource } from "../../domain/identity/api-keys/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { KeyIdParam, NewApiKeySchema, RotateApiKeyBody } from "./schemas";

const route = defineRoute({
  operationId: "rotateApiKey",
  method: "post",
  path: "/{key_id}/rotate",
  tags: ["API keys"],
  summary: "Rotate an API key",
  description:
    "Issues a new key with the same name, scopes and expiry (returned once). The old key keeps working for `grace_period_seconds` (default 0, at most 7 days), then stops.",
  scope: "profile",
  accountSecurity: true,
  request: {
    params: KeyIdParam,
    body: { required: false, content: { "application/json": { schema: RotateApiKeyBody } } },
  },
  responses: {
    201: {
      description: "The new key, in `data.key`, shown only now",
      content: { "application/json": { schema: envelopeSchema(NewApiKeySchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND", "API_KEY_NOT_ROTATABLE", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountRotateApiKey(app: Router) {
  app.openapi(route, async (c) => {
    const grace = c.req.valid("json")?.grace_period_seconds ?? 0;
    const { row, key } = await rotateApiKey(holderContextOf(c), {
      id: c.req.valid("param").key_id,
      graceSeconds: grace,
    });
    return c.json(
      ok(
        { ...apiKeyResource(row, holderContextOf(c).now()), key },
        "API key rotated: store the new key now, it is not shown again",
      ),
      201,
    );
  });
}
