import { z } from "@hono/zod-openapi";
import { ORGANIZATION_ID_PATTERN } from "../../domain/organizations/access";
import { DateTimeInput, EmailAddress, limitParam, Offset, PaginationSchema, trimmedText } from "../../http/schemas";

const Timestamp = z.string().openapi({ format: "date-time" });
const Role = z.enum(["owner", "admin", "member"]).openapi({ description: "owner > admin > member" });

const orgId = z
  .string()
  .regex(ORGANIZATION_ID_PATTERN, "must look like org_<digits>")
  .openapi({ param: { name: "organization_id", in: "path" }, example: "org_1763776000000123456" });
const userId = z
  .string()
  .regex(/^user_\d{1,30}$/, "must look like user_<digits>")
  .openapi({ param: { name: "user_id", in: "path" }, example: "user_1763776000000123456" });

export const OrganizationIdParam = z.object({ organization_id: orgId });
export const MemberParams = z.object({ organization_id: orgId, user_id: userId });
export const InvitationParams = z.object({
  organization_id: orgId,
  invitation_id: z
    .string()
    .regex(/^inv_\d{1,30}$/, "must look like inv_<digits>")
    .openapi({ param: { name: "invitation_id", in: "path" }, example: "inv_1763776000000123456" }),
});

const Name = trimmedText(100).openapi({ example: "Acme Research" });
export const CreateOrganizationBody = z.object({ name: Name }).openapi("CreateOrganizationRequest");
export const RenameOrganizationBody = z.object({ name: Name }).openapi("RenameOrganizationRequest");
export const UpdateOrganizationSettingsBody = z
  .object({
    require_mfa: z.boolean().openapi({
      description:
        "Require a second factor (authenticator app or passkey) of every member: members without one get 403 `ORGANIZATION_MFA_REQUIRED` on everything of the organization's until they add one. Organization API keys are exempt.",
    }),
  })
  .openapi("UpdateOrganizationSettingsRequest");
export const ChangeRoleBody = z.object({ role: Role }).openapi("ChangeMemberRoleRequest");
export const TransferOwnershipBody = z
  .object({ user_id: z.string().regex(/^user_\d{1,30}$/, "must look like user_<digits>") })
  .openapi("TransferOwnershipRequest");
export const InviteBody = z
  .object({ email: EmailAddress, role: Role.default("member") })
  .openapi("CreateInvitationRequest");
export const AcceptInvitationBody = z
  .object({ token: z.string().min(1).max(200).openapi({ description: "The `soi_…` token from the invitation" }) })
  .openapi("AcceptInvitationRequest");

export const OrganizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: Role.openapi({ description: "Your role in the organization" }),
    require_mfa: z
      .boolean()
      .openapi({ description: "Whether members need a second factor to reach the organization's resources" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi("Organization");

export const OrganizationListSchema = z
  .object({ organizations: z.array(OrganizationSchema) })
  .openapi("OrganizationList");

export const MemberSchema = z
  .object({
    user_id: z.string(),
    email: z.string(),
    username: z.string(),
    role: Role,
    mfa_enabled: z.boolean().nullable().openapi({
      description:
        "Whether the member has a second factor (authenticator app or passkey); shown to admins and owners, null for other members",
    }),
    managed_by: z.string().nullable().openapi({
      description:
        'The SCIM connection (`scim_…`) whose directory provisions this member (docs/sso.md "SCIM"); null when the organization manages them here',
    }),
    joined_at: Timestamp,
  })
  .openapi("OrganizationMember");

export const MemberListSchema = z.object({ members: z.array(MemberSchema) }).openapi("OrganizationMemberList");

const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: Role,
    status: z.enum(["pending", "accepted", "revoked", "expired"]),
    invited_by: z.string(),
    created_at: Timestamp,
    expires_at: Timestamp,
  })
  .openapi("OrganizationInvitation");

export const CreatedInvitationSchema = InvitationSchema.extend({
  token: z.string().openapi({ description: "Single-use; returned only here. Expires after 7 days." }),
  email_sent: z.boolean().openapi({
    description:
      "Always true: the invitation mail is committed with the invitation and sent (retried until delivered); without a mail service the invitation is refused with 503",
  }),
}).openapi("CreatedInvitation");

export const InvitationListSchema = z
  .object({ invitations: z.array(InvitationSchema) })
  .openapi("OrganizationInvitationList");

export const AcceptedInvitationSchema = z
  .object({ organization_id: z.string(), role: Role })
  .openapi("AcceptedInvitation");

export const AuditQuery = z.object({
  action: z
    .string()
    .regex(/^[a-z_]+\.[a-z_]+$/, "must look like member.removed")
    .optional(),
  actor_id: z
    .string()
    .regex(/^user_\d{1,30}$/, "must look like user_<digits>")
    .optional(),
  target_id: z.string().max(64).optional(),
  since: DateTimeInput.optional().openapi({ description: "Inclusive, RFC 3339 (any offset)" }),
  until: DateTimeInput.optional().openapi({ description: "Inclusive, RFC 3339 (any offset)" }),
  limit: limitParam(),
  offset: Offset,
});

const AuditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string(),
    actor: z.object({
      user_id: z.string().nullable().openapi({ description: "Null when an organization API key acted" }),
      username: z.string().nullable().openapi({
        description: "The acting person's current username; null for an organization API key or a deleted account",
        example: "ada",
      }),
      email: z.string().nullable().openapi({
        description: "The acting person's current email address; null for an organization API key or a deleted account",
        example: "ada@example.com",
      }),
      credential: z.string().openapi({ description: "`<kind>:<id>`: login_token, oauth_token or api_key" }),
    }),
    target: z.object({ type: z.string(), id: z.string() }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    request_id: z.string(),
    ip: z.string(),
    created_at: Timestamp,
  })
  .openapi("AuditEntry");

export const AuditPageSchema = z
  .object({
    entries: z.array(AuditEntrySchema),
    pagination: PaginationSchema,
  })
  .openapi("AuditLogPage");

export const OutboxSchema = z
  .object({
    messages: z.array(
      z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), created_at: Timestamp }),
    ),
  })
  .openapi("DevelopmentMailOutbox");
