import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { listApiKeys } from "../../domain/identity/api-keys/lifecycle";
import { apiKeyResource } from "../../domain/identity/api-keys/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { ApiKeySchema } from "./schemas";

const route = defineRoute({
  operationId: "listApiKeys",
  method: "get",
  path: "/",
  tags: ["API keys"],
  summary: "List the caller's API keys (never the keys themselves)",
  description:
    "The caller's API keys with their names, prefixes, scopes and expiry; the key material is shown only when created.",
  scope: "profile",
  errors: ["ORGANIZATION_ROLE_REQUIRED"],
  responses: {
    200: {
      description: "The keys, newest first",
      content: { "application/json": { schema: envelopeSchema(z.object({ api_keys: z.array(ApiKeySchema) })) } },
    },
  },
});

export function mountListApiKeys(app: Router) {
  app.openapi(route, async (c) => {
    const ctx = userContextOf(c);
    const rows = await listApiKeys(ctx);
    const now = ctx.now();
    return c.json(ok({ api_keys: rows.map((r) => apiKeyResource(r, now)) }), 200);
  });
}
