import { getOwnUser, usageStats } from "../../domain/users/profile";
import { userResource } from "../../domain/users/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { UserSchema } from "./schemas";

const route = defineRoute({
  operationId: "getMe",
  method: "get",
  path: "/me",
  tags: ["Users"],
  summary: "The caller's user resource",
  description: "`email` is included when the credential carries the `email` scope.",
  scope: "profile",
  responses: {
    200: { description: "The user", content: { "application/json": { schema: envelopeSchema(UserSchema) } } },
  },
});

export function mountGetMe(app: Router) {
  app.openapi(route, async (c) => {
    const principal = c.get("principal");
    const [user, usage] = await Promise.all([getOwnUser(c.env.DB, principal), usageStats(c.env.DB, principal.userId)]);
    return c.json(ok(userResource(user, usage, principal.scopes.has("email"))), 200);
  });
}
