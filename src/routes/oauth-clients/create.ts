import { holderContextOf } from "../../context/request";
import { registerClient } from "../../domain/identity/oauth/clients";
import { clientResource } from "../../domain/identity/oauth/resources";
import type { Scope } from "../../domain/identity/scopes";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { CreateClientBody, NewOAuthClientSchema } from "./schemas";

const route = defineRoute({
  operationId: "createOAuthClient",
  method: "post",
  path: "/",
  tags: ["OAuth clients"],
  summary: "Register an OAuth client",
  description:
    "The client_secret of a confidential client is returned once and stored only as a hash. client_credentials tokens act for you, within the client's scopes.",
  scope: "profile",
  accountSecurity: true,
  request: { body: { required: true, content: { "application/json": { schema: CreateClientBody } } } },
  responses: {
    201: {
      description: "Registered",
      content: { "application/json": { schema: envelopeSchema(NewOAuthClientSchema) } },
    },
  },
});

export function mountCreateClient(app: Router) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const { client, secret } = await registerClient(holderContextOf(c), {
      ...body,
      scopes: body.scopes as Scope[],
    });
    return c.json(
      ok(
        { ...clientResource(client), client_secret: secret },
        "OAuth client registered: store the client_secret now, it is not shown again",
      ),
      201,
    );
  });
}
