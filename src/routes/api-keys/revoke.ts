import { userContextOf } from "../../context/request";
import { revokeApiKey } from "../../domain/identity/api-keys/lifecycle";
import { apiKeyResource } from "../../domain/identity/api-keys/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { ApiKeySchema, KeyIdParam } from "./schemas";

const route = defineRoute({
  operationId: "revokeApiKey",
  method: "delete",
  path: "/{key_id}",
  tags: ["API keys"],
  summary: "Revoke an API key",
  description: "Takes effect at once (and ends a rotation grace period early). Idempotent.",
  scope: "profile",
  request: { params: KeyIdParam },
  responses: {
    200: { description: "Revoked", content: { "application/json": { schema: envelopeSchema(ApiKeySchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountRevokeApiKey(app: Router) {
  app.openapi(route, async (c) => {
    const ctx = userContextOf(c);
    const row = await revokeApiKey(ctx, { id: c.req.valid("param").key_id });
    return c.json(ok(apiKeyResource(row, ctx.now()), "API key revoked"), 200);
  });
}
