import { z } from "@hono/zod-openapi";
import { holderContextOf } from "../../context/request";
import { PASSWORD_MAX_LENGTH } from "../../domain/identity/passwords";
import { deleteAccount } from "../../domain/users/delete-account";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";

const DeleteAccountBody = z
  .object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH).openapi({ description: "The current password" }) })
  .openapi("DeleteAccountRequest");

const route = defineRoute({
  operationId: "deleteMe",
  method: "delete",
  path: "/me",
  tags: ["Users"],
  summary: "Delete the caller's account",
  description:
    "Re-authenticates with `password`. Refused with 409 `LAST_OWNER` while the caller is the only owner of an organization (`details.organizations` names each). Otherwise every sign-in, refresh token, OAuth grant and client, API key and second factor is revoked, memberships end, live WebSockets close, and the email, username and addresses are erased; the ledger and audit entries stay under a pseudonym (docs/storage.md \"Account deletion\"). Pending and processing personal sessions are cancelled (refunded by the usual rule) and the content of ended ones erased; a notice is mailed to the old address; the payment processor's customer is deleted after the deletion, retried while the processor is down. The last-owner rule is re-checked inside the erasure's own batch.",
  scope: "authenticated",
  accountSecurity: true,
  request: { body: { required: true, content: { "application/json": { schema: DeleteAccountBody } } } },
  responses: { 200: { description: "Deleted", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["INVALID_CREDENTIALS", "MFA_REQUIRED", "LAST_OWNER", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountDeleteMe(app: Router) {
  app.openapi(route, async (c) => {
    await deleteAccount(holderContextOf(c), { password: c.req.valid("json").password });
    return c.json({ success: true as const, message: "Account deleted" }, 200);
  });
}
