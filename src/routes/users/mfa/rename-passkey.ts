import { z } from "@hono/zod-openapi";
import { holderContextOf } from "../../../context/request";
import { renameOwnPasskey } from "../../../domain/identity/mfa/passkeys";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { passkeyBody } from "./passkey-body";
import { PasskeyIdParam, PasskeyNameSchema, PasskeySchema } from "./schemas";

const RenamePasskeyBody = z.object({ name: PasskeyNameSchema }).openapi("PasskeyRenameRequest");

const route = defineRoute({
  operationId: "renamePasskey",
  method: "patch",
  path: "/me/mfa/passkeys/{id}",
  tags: ["Second factors"],
  summary: "Rename a passkey",
  description: "Only the name changes. Another account's passkey is a 404.",
  scope: "profile",
  accountSecurity: true,
  request: {
    params: PasskeyIdParam,
    body: { required: true, content: { "application/json": { schema: RenamePasskeyBody } } },
  },
  responses: {
    200: { description: "Renamed", content: { "application/json": { schema: envelopeSchema(PasskeySchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountRenamePasskey(app: Router) {
  app.openapi(route, async (c) => {
    const passkey = await renameOwnPasskey(holderContextOf(c), {
      id: c.req.valid("param").id,
      name: c.req.valid("json").name,
    });
    return c.json(ok(passkeyBody(passkey), "Passkey renamed"), 200);
  });
}
