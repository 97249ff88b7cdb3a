import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { listSignIns } from "../../domain/identity/sign-ins";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { SIGN_IN_SCOPE_NOTE, SignInSchema } from "./sign-in-schemas";

const route = defineRoute({
  operationId: "listSignIns",
  method: "get",
  path: "/me/sessions",
  tags: ["Users"],
  summary: "The caller's active sign-ins",
  description: `Every live sign-in and OAuth grant of the account, newest use first, the caller's own marked \`current\`. ${SIGN_IN_SCOPE_NOTE}`,
  scope: "authenticated",
  responses: {
    200: {
      description: "The sign-ins",
      content: { "application/json": { schema: envelopeSchema(z.object({ sessions: z.array(SignInSchema) })) } },
    },
  },
});

export function mountListSignIns(app: Router) {
  app.openapi(route, async (c) => {
    const sessions = await listSignIns(userContextOf(c));
    return c.json(ok({ sessions }), 200);
  });
}
