import { contextOf } from "../../context/request";
import { refresh } from "../../domain/identity/accounts";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { authThrottle } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";
import { RefreshBody, RefreshResultSchema } from "./schemas";

const route = defineRoute({
  operationId: "refreshToken",
  method: "post",
  path: "/refresh",
  tags: ["Authentication"],
  middleware: [authThrottle()],
  summary: "Exchange a refresh token for a new access token",
  description:
    "Refresh tokens are single-use: each call returns a new one. Presenting a used refresh token revokes the whole session (reuse detection, RFC 9700 §4.14).",
  request: { body: { required: true, content: { "application/json": { schema: RefreshBody } } } },
  responses: {
    200: { description: "Rotated", content: { "application/json": { schema: envelopeSchema(RefreshResultSchema) } } },
  },
  errors: ["TOKEN_INVALID", "TOKEN_EXPIRED"],
});

export function mountRefresh(app: Router) {
  app.openapi(route, async (c) => {
    const result = await refresh(contextOf(c), c.req.valid("json").refresh_token);
    return c.json(
      ok(
        {
          token: result.token,
          token_type: "Bearer" as const,
          expires_in: result.expiresIn,
          refresh_token: result.refreshToken,
        },
        "Token refreshed",
      ),
      200,
    );
  });
}
