import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { setServiceRole } from "../../domain/admin/roles";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";

const Params = z.object({
  user_id: z
    .string()
    .regex(/^user_\d{1,30}$/)
    .openapi({ param: { name: "user_id", in: "path" }, example: "user_1763776000000123456" }),
});

const Body = z
  .object({ role: z.enum(["admin", "user"]).openapi({ description: "The service role: `admin` or `user`" }) })
  .openapi("ServiceRoleRequest");

const Result = z.object({ user_id: z.string(), role: z.enum(["admin", "user"]) }).openapi("ServiceRole");

const route = defineRoute({
  operationId: "setUserServiceRole",
  method: "put",
  path: "/users/{user_id}/role",
  tags: ["Admin"],
  summary: "Name or remove a service administrator (admins)",
  description:
    "Sets a user's service role; recorded in the administrators' audit trail (`admin_audit`) when it changes. Administrators only (the role as it is now in D1). The other way to the role is `npm run admin:grant`; a sign-on never grants it.",
  scope: "remote-viewing:admin",
  request: {
    params: Params,
    body: { required: true, content: { "application/json": { schema: Body } } },
  },
  responses: {
    200: { description: "The user's role now", content: { "application/json": { schema: envelopeSchema(Result) } } },
  },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountSetUserRole(app: Router) {
  app.openapi(route, async (c) => {
    const result = await setServiceRole(userContextOf(c), {
      userId: c.req.valid("param").user_id,
      role: c.req.valid("json").role,
    });
    return c.json(ok(result, "Role set"), 200);
  });
}
