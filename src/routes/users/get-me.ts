import { userContextOf } from "../../context/request";
import { getOwnUser, usageStats } from "../../domain/users/profile";
import { userResource } from "../../domain/users/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
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
    const ctx = userContextOf(c);
    const [user, usage] = await Promise.all([getOwnUser(ctx), usageStats(ctx)]);
    return c.json(ok(userResource(user, usage, ctx.principal.scopes.has("email"))), 200);
  });
}
