import { contextOf, holderContextOf } from "../../context/request";
import { createApiKey } from "../../domain/identity/api-keys/lifecycle";
import { apiKeyResource } from "../../domain/identity/api-keys/resources";
import type { Scope } from "../../domain/identity/scopes";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { CreateApiKeyBody, NewApiKeySchema } from "./schemas";

const route = defineRoute({
  operationId: "createApiKey",
  method: "post",
  path: "/",
  tags: ["API keys"],
  summary: "Create an API key",
  description:
    "The scopes must be a subset of the token's. The key is returned once (and in replays of this response with the same `Idempotency-Key`, which never create a second key); only its hash is stored.",
  scope: "profile",
  accountSecurity: true,
  idempotent: true,
  request: { body: { required: true, content: { "application/json": { schema: CreateApiKeyBody } } } },
  errors: ["ORGANIZATION_ROLE_REQUIRED", "MFA_REQUIRED"],
  responses: {
    201: {
      description: "Created: the key is in `data.key`, shown only now",
      content: { "application/json": { schema: envelopeSchema(NewApiKeySchema) } },
    },
  },
});

export function mountCreateApiKey(app: Router) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const { row, key } = await createApiKey(holderContextOf(c), { ...body, scopes: body.scopes as Scope[] });
    return c.json(
      ok({ ...apiKeyResource(row, contextOf(c).now()), key }, "API key created: store it now, it is not shown again"),
      201,
    );
  });
}
