import { holderContextOf } from "../../context/request";
import { endSignIn } from "../../domain/identity/sign-ins";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { SIGN_IN_SCOPE_NOTE, SignInIdParam } from "./sign-in-schemas";

const route = defineRoute({
  operationId: "endSignIn",
  method: "delete",
  path: "/me/sessions/{sign_in_id}",
  tags: ["Users"],
  summary: "End one sign-in",
  description: `Revokes the sign-in's refresh tokens and access tokens and closes the live WebSockets they opened. Another user's or an ended sign-in is 404. ${SIGN_IN_SCOPE_NOTE}`,
  scope: "authenticated",
  accountSecurity: true,
  request: { params: SignInIdParam },
  responses: { 200: { description: "Ended", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountEndSignIn(app: Router) {
  app.openapi(route, async (c) => {
    await endSignIn(holderContextOf(c), { id: c.req.valid("param").sign_in_id });
    return c.json({ success: true as const, message: "Signed out of that session" }, 200);
  });
}
