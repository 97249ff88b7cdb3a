import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { myInvitations } from "../../domain/users/invitations";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";

const MyInvitationSchema = z
  .object({
    id: z.string().openapi({ example: "inv_1763776000000123456" }),
    organization: z.object({ id: z.string(), name: z.string() }),
    inviter: z.string().openapi({ description: "The inviter's username" }),
    role: z.enum(["owner", "admin", "member"]),
    expires_at: z.string().openapi({ format: "date-time" }),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("MyInvitation");

const route = defineRoute({
  operationId: "listMyInvitations",
  method: "get",
  path: "/me/invitations",
  tags: ["Users"],
  summary: "Pending invitations addressed to the caller",
  description:
    "Invitations to organizations sent to the caller's email, pending (not accepted, revoked or expired). Only once the email is verified: until then the list is empty and `email_verified` is false.",
  scope: "profile",
  responses: {
    200: {
      description: "The invitations",
      content: {
        "application/json": {
          schema: envelopeSchema(z.object({ email_verified: z.boolean(), invitations: z.array(MyInvitationSchema) })),
        },
      },
    },
  },
});

export function mountListMyInvitations(app: Router) {
  app.openapi(route, async (c) => c.json(ok(await myInvitations(userContextOf(c))), 200));
}
