import { contextOf, userContextOf } from "../../context/request";
import { createApiKey } from "../../domain/identity/api-keys/lifecycle";
import { apiKeyResource } from "../../domain/identity/api-keys/resources";
import { requireRecentCheck } from "../../domain/identity/mfa/factors";
import type { Scope } from "../../domain/identity/scopes";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { CreateApiKeyBody, NewApiKeySchema } from "./schemas";

const route = defineRoute({
  operationId: "createApiKey",
  method: "post",
  path: "/",
  tags: ["API keys"],
  summary: "Create an API key",
  description:
    "Requires a bearer access token (an API key cannot mint keys). The scopes must be a subset of the token's. The key is returned once (and in replays of this response with the same `Idempotency-Key`, which never create a second key); only its hash is stored. With a second factor on the account, needs a recent check (`POST /v1/auth/mfa/step-up`).",
  scope: "profile",
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
    await requireRecentCheck(contextOf(c), c.get("principal"));
    const body = c.req.valid("json");
    const { row, key } = await createApiKey(userContextOf(c), { ...body, scopes: body.scopes as Scope[] });
    return c.json(
      ok({ ...apiKeyResource(row, contextOf(c).now()), key }, "API key created: store it now, it is not shown again"),
      201,
    );
  });
}
