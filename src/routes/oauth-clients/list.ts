import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { listClients } from "../../domain/identity/oauth/clients";
import { clientResource } from "../../domain/identity/oauth/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { OAuthClientSchema } from "./schemas";

const route = defineRoute({
  operationId: "listOAuthClients",
  method: "get",
  path: "/",
  tags: ["OAuth clients"],
  summary: "List your OAuth clients (never their secrets)",
  description: "The OAuth clients the caller registered; client secrets are shown only when created.",
  scope: "profile",
  responses: {
    200: {
      description: "Your clients, newest first",
      content: { "application/json": { schema: envelopeSchema(z.object({ clients: z.array(OAuthClientSchema) })) } },
    },
  },
});

export function mountListClients(app: Router) {
  app.openapi(route, async (c) => {
    const clients = await listClients(userContextOf(c));
    return c.json(ok({ clients: clients.map(clientResource) }), 200);
  });
}
