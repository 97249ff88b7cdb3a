import { contextOf } from "../../../context/request";
import { listPasskeys } from "../../../domain/identity/mfa/passkeys";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { passkeyBody } from "./passkey-body";
import { PasskeyListSchema } from "./schemas";

const route = defineRoute({
  operationId: "listPasskeys",
  method: "get",
  path: "/me/mfa/passkeys",
  tags: ["Second factors"],
  summary: "The caller's passkeys",
  description: "Each passkey by name, with its backup state and when it was last used, oldest first.",
  scope: "profile",
  responses: {
    200: { description: "Passkeys", content: { "application/json": { schema: envelopeSchema(PasskeyListSchema) } } },
  },
});

export function mountListPasskeys(app: Router) {
  app.openapi(route, async (c) => {
    const passkeys = await listPasskeys(contextOf(c), { userId: c.get("principal").userId });
    return c.json(ok({ passkeys: passkeys.map(passkeyBody) }), 200);
  });
}
