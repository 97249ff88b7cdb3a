import { contextOf } from "../../context/request";
import { logout } from "../../domain/identity/accounts";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";

const route = defineRoute({
  operationId: "logout",
  method: "post",
  path: "/logout",
  tags: ["Authentication"],
  summary: "Revoke the presented access token and its refresh tokens",
  description:
    "Revokes the access token sent with this request and every refresh token of its sign-in; other sign-ins stay valid.",
  scope: "authenticated",
  responses: { 200: { description: "Signed out", content: { "application/json": { schema: MessageOnlySchema } } } },
});

export function mountLogout(app: Router) {
  app.openapi(route, async (c) => {
    await logout(contextOf(c), c.get("principal"));
    return c.json({ success: true as const, message: "Logged out" }, 200);
  });
}
