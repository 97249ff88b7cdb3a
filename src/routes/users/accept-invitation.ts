import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { acceptMyInvitation } from "../../domain/users/invitations";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";

const InvitationIdParam = z.object({
  invitation_id: z
    .string()
    .regex(/^inv_\d+$/, "must look like inv_<digits>")
    .openapi({ param: { name: "invitation_id", in: "path" }, example: "inv_1763776000000123456" }),
});

const route = defineRoute({
  operationId: "acceptMyInvitation",
  method: "post",
  path: "/me/invitations/{invitation_id}/accept",
  tags: ["Users"],
  summary: "Accept an invitation addressed to the caller",
  description:
    "The one-click accept of the console's invitation page: the caller must be the verified holder of the address the invitation was sent to (403 `EMAIL_NOT_VERIFIED` until verified); one sent to another address is 404. The same checks as accepting with the mailed token.",
  scope: "profile",
  request: { params: InvitationIdParam },
  responses: {
    200: {
      description: "Joined",
      content: {
        "application/json": {
          schema: envelopeSchema(z.object({ organization_id: z.string(), role: z.enum(["owner", "admin", "member"]) })),
        },
      },
    },
  },
  errors: [
    "RESOURCE_NOT_FOUND",
    "EMAIL_NOT_VERIFIED",
    "INVITATION_USED",
    "INVITATION_EXPIRED",
    "ALREADY_A_MEMBER",
    "INVITER_ROLE_LOST",
    "ORGANIZATION_ROLE_REQUIRED",
  ],
});

export function mountAcceptMyInvitation(app: Router) {
  app.openapi(route, async (c) => {
    const result = await acceptMyInvitation(userContextOf(c), { id: c.req.valid("param").invitation_id });
    return c.json(ok({ organization_id: result.organizationId, role: result.role }, "Invitation accepted"), 200);
  });
}
