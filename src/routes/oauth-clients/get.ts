import { userContextOf } from "../../context/request";
import { getOwnClient } from "../../domain/identity/oauth/clients";
import { clientResource } from "../../domain/identity/oauth/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { ClientIdParam, OAuthClientSchema } from "./schemas";

const route = defineRoute({
  operationId: "getOAuthClient",
  method: "get",
  path: "/{client_id}",
  tags: ["OAuth clients"],
  summary: "One of your OAuth clients",
  description:
    "One of the caller's OAuth clients; another account's client is 404. The secret is never returned after creation.",
  scope: "profile",
  request: { params: ClientIdParam },
  responses: {
    200: { description: "The client", content: { "application/json": { schema: envelopeSchema(OAuthClientSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountGetClient(app: Router) {
  app.openapi(route, async (c) => {
    const client = await getOwnClient(userContextOf(c), { id: c.req.valid("param").client_id });
    return c.json(ok(clientResource(client)), 200);
  });
}
