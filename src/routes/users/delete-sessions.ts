import { z } from "@hono/zod-openapi";
import { holderContextOf } from "../../context/request";
import { endOtherSignIns } from "../../domain/identity/sign-ins";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { SIGN_IN_SCOPE_NOTE } from "./sign-in-schemas";

const route = defineRoute({
  operationId: "endOtherSignIns",
  method: "delete",
  path: "/me/sessions",
  tags: ["Users"],
  summary: "Sign out everywhere else",
  description: `Ends every sign-in and OAuth grant of the account except the one making the request. ${SIGN_IN_SCOPE_NOTE}`,
  scope: "authenticated",
  accountSecurity: true,
  responses: {
    200: {
      description: "Ended",
      content: { "application/json": { schema: envelopeSchema(z.object({ ended: z.number().int() })) } },
    },
  },
});

export function mountEndOtherSignIns(app: Router) {
  app.openapi(route, async (c) => {
    const result = await endOtherSignIns(holderContextOf(c));
    return c.json(ok(result, "Signed out everywhere else"), 200);
  });
}
