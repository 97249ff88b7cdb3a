import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { LANGUAGES, THEMES, updateOwnProfile } from "../../domain/users/profile";
import { preferencesOf } from "../../domain/users/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { PreferencesSchema, UsernameSchema } from "./schemas";

/**
 * Only username and preferences are writable. Unknown keys (tier, credits,
 * role, email, id, …) are stripped by the schema, so mass assignment changes nothing.
 */
const UpdateMeBody = z
  .object({
    username: UsernameSchema.optional(),
    preferences: z
      .object({
        notifications: z.boolean().optional(),
        theme: z.enum(THEMES).optional(),
        language: z.enum(LANGUAGES).optional(),
      })
      .optional(),
  })
  .openapi("UpdateMeRequest");

const UpdateMeResult = z
  .object({ id: z.string(), username: z.string(), preferences: PreferencesSchema })
  .openapi("UpdateMeResult");

const route = defineRoute({
  operationId: "updateMe",
  method: "put",
  path: "/me",
  tags: ["Users"],
  summary: "Update the caller's username and preferences",
  description:
    "Changes the caller's username and preferences. Other fields (email, tier, role, credits) cannot be set here and are ignored.",
  scope: "profile",
  request: { body: { required: true, content: { "application/json": { schema: UpdateMeBody } } } },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: envelopeSchema(UpdateMeResult) } } },
  },
});

export function mountPutMe(app: Router) {
  app.openapi(route, async (c) => {
    const user = await updateOwnProfile(userContextOf(c), c.req.valid("json"));
    return c.json(
      ok({ id: user.id, username: user.username, preferences: preferencesOf(user) }, "Profile updated"),
      200,
    );
  });
}
