import { userContextOf } from "../../context/request";
import { deleteClient } from "../../domain/identity/oauth/clients";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { ClientIdParam } from "./schemas";

const route = defineRoute({
  operationId: "deleteOAuthClient",
  method: "delete",
  path: "/{client_id}",
  tags: ["OAuth clients"],
  summary: "Delete an OAuth client",
  description: "Its pending codes are deleted, and every refresh and access token issued to it is revoked.",
  scope: "profile",
  request: { params: ClientIdParam },
  responses: { 200: { description: "Deleted", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountDeleteClient(app: Router) {
  app.openapi(route, async (c) => {
    await deleteClient(userContextOf(c), { id: c.req.valid("param").client_id });
    return c.json({ success: true as const, message: "OAuth client deleted; its tokens are revoked" }, 200);
  });
}
