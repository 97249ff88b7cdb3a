import { z } from "@hono/zod-openapi";
import type { ErrorCode } from "../../../errors";
import { trimmedText } from "../../../http/schemas";
import { OrganizationIdParam } from "../schemas";

/** Request and response schemas shared by the SCIM connection operations (one per file beside this one). */

/** A directory maps groups to admin or member only: never owner (docs/sso.md "SCIM"). */
const DirectoryRole = z.enum(["admin", "member"]);

export const CreateScimConnectionBody = z
  .object({
    name: trimmedText(100),
    group_roles: z
      .record(z.string().min(1).max(256), DirectoryRole)
      .refine((r) => Object.keys(r).length <= 100, "at most 100 groups")
      .default({})
      .openapi({
        description: "Directory group displayName (case-insensitive) → the role its active members get.",
        example: { "Session Admins": "admin" },
        // What the key schema and the refinement enforce, stated in the document (JSON Schema 2020-12
        // §10.3.2.4 propertyNames, §6.5.1 maxProperties), so a client generating requests from it agrees.
        maxProperties: 100,
        // The generator copies metadata it has no type for into the schema as written.
        ...({ propertyNames: { type: "string", minLength: 1, maxLength: 256 } } as object),
      }),
    default_role: DirectoryRole.default("member").openapi({
      description: "The role of an active user in no mapped group.",
    }),
  })
  .openapi("CreateScimConnection");

export const ScimConnectionSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    name: z.string(),
    base_url: z.string().openapi({ description: "The SCIM 2.0 base URL to enter at the IdP (the tenant URL)." }),
    token_prefix: z.string().openapi({ description: "The token's first characters, to recognise it." }),
    group_roles: z.record(z.string(), DirectoryRole),
    default_role: DirectoryRole,
    status: z.enum(["active", "revoked"]),
    created_at: z.string(),
    rotated_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
  })
  .openapi("ScimConnection");

export const ScimConnectionWithTokenSchema = ScimConnectionSchema.extend({
  token: z.string().openapi({ description: "The bearer token for the IdP: shown in this answer only." }),
}).openapi("ScimConnectionWithToken");

export const ScimConnectionParams = z.object({
  organization_id: OrganizationIdParam.shape.organization_id,
  connection_id: z
    .string()
    .regex(/^scim_\d{1,30}$/)
    .openapi({ param: { name: "connection_id", in: "path" } }),
});

/** Tags and errors every SCIM connection operation shares (those of the sign-on operations). */
export const common = {
  tags: ["Enterprise sign-on"],
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"] as ErrorCode[],
};
