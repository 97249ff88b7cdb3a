import type { ScimConnectionRow } from "../../../db/scim-connections";
import { GROUP_FILTER } from "../../../db/scim-filter";
import {
  deleteScimGroupStatement,
  existingScimUserIds,
  findScimGroup,
  insertScimGroupStatement,
  listScimGroups as listRows,
  membersOfGroups,
  type ScimGroupRow,
  setGroupMembersStatements,
  updateScimGroupStatement,
} from "../../../db/scim-groups";
import { findScimUser } from "../../../db/scim-users";
import type { Statement } from "../../../db/store";
import { iso } from "../../../lib/clock";
import type { Context } from "../../context";
import { auditStatement } from "../../organizations/audit";
import { directoryActor } from "./access";
import { type Attributes, project, readAttributes } from "./attributes";
import { invalidValue, ScimError, scimNotFound } from "./errors";
import { scimFilter } from "./filter";
import { directoryRoleOf, membershipStatements } from "./membership";
import { applyPatch, type ListQuery, listResponse, type PatchBody, pageOf, requireVersion } from "./protocol";
import { GROUP_ATTRIBUTES, SCIM } from "./schemas";

/**
 * Groups (RFC 7643 §4.2): a directory's groups of the connection's users. A group whose name the
 * connection's `group_roles` maps gives its active members that role (the highest of their groups;
 * never owner, and an owner keeps being owner); membership changes apply in the group's own batch.
 */

interface Scope {
  connection: ScimConnectionRow;
  baseUrl: string;
}

interface GroupFields {
  displayName: string;
  externalId: string | null;
  /** The members' ids (users of this connection) and the `type` each came with. */
  members: string[];
  memberTypes: Map<string, string | null>;
}

const taken = () => new ScimError(409, "this connection already has a group with that displayName", "uniqueness");

const membersOf = (fields: GroupFields) =>
  fields.members.map((id) => ({ id, type: fields.memberTypes.get(id) ?? null }));

async function groupFields(ctx: Context, connection: ScimConnectionRow, body: unknown): Promise<GroupFields> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ScimError(400, "the body must be a Group resource (RFC 7643 §4.2)", "invalidSyntax");
  }
  const raw = body as Attributes;
  const attributes = readAttributes(GROUP_ATTRIBUTES, raw);
  const displayName = typeof attributes.displayName === "string" ? attributes.displayName.trim() : "";
  if (!displayName) throw invalidValue("displayName is required (RFC 7643 §4.2)");
  const externalIdKey = Object.keys(raw).find((k) => k.toLowerCase() === "externalid");
  const externalId = externalIdKey ? raw[externalIdKey] : undefined;
  if (externalId !== undefined && externalId !== null && (typeof externalId !== "string" || externalId.length > 1024)) {
    throw invalidValue("externalId: a string of at most 1024 characters");
  }
  const entries = (attributes.members as Attributes[] | undefined) ?? [];
  if (entries.some((m) => typeof m.value !== "string"))
    throw invalidValue("members: each needs the value of a User id");
  const memberTypes = new Map(entries.map((m) => [m.value as string, typeof m.type === "string" ? m.type : null]));
  const ids = [...memberTypes.keys()];
  if (ids.length > 1000) throw new ScimError(400, "at most 1000 members in one request", "tooMany");
  const known = await existingScimUserIds(ctx.db, connection.id, ids);
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw invalidValue(`members: ${unknown} is not a User of this connection`);
  return { displayName, externalId: typeof externalId === "string" ? externalId : null, members: ids, memberTypes };
}

function render(
  row: ScimGroupRow,
  members: { scimUserId: string; memberType: string | null }[],
  baseUrl: string,
): Attributes {
  return {
    schemas: [SCIM.group],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    members: members.map((m) => ({
      value: m.scimUserId,
      $ref: `${baseUrl}/Users/${m.scimUserId}`,
      ...(m.memberType === null ? {} : { type: m.memberType }),
    })),
    meta: {
      resourceType: "Group",
      created: row.createdAt,
      lastModified: row.updatedAt,
      location: `${baseUrl}/Groups/${row.id}`,
      version: `W/"${row.version}"`,
    },
  };
}

async function renderWithMembers(ctx: Context, row: ScimGroupRow, baseUrl: string) {
  return render(row, await membersOfGroups(ctx.db, [row.id]), baseUrl);
}

/**
 * The membership changes a group write makes: for each active user it adds or removes (or every
 * member, when the name, and so the mapped role, changes), the role as it will be.
 */
async function roleStatements(
  ctx: Context,
  input: { connection: ScimConnectionRow; groupId: string; key: string | null; before: string[]; after: string[] },
): Promise<Statement[]> {
  const { connection, groupId, key } = input;
  const affected = [...new Set([...input.before, ...input.after])];
  const after = new Set(input.after);
  const statements: Statement[] = [];
  for (const id of affected) {
    const scimUser = await findScimUser(ctx.db, connection.id, id);
    if (!scimUser?.active) continue;
    const role = await directoryRoleOf(ctx, {
      connection,
      scimUserId: id,
      group: { id: groupId, key: after.has(id) ? key : null },
    });
    statements.push(...(await membershipStatements(ctx, { connection, scimUser, role })));
  }
  return statements;
}

export async function createScimGroup(ctx: Context, input: Scope & { body: unknown }) {
  const { connection } = input;
  const fields = await groupFields(ctx, connection, input.body);
  const at = iso(ctx.now());
  const row: ScimGroupRow = {
    id: crypto.randomUUID(),
    connectionId: connection.id,
    displayName: fields.displayName,
    displayKey: fields.displayName.toLowerCase(),
    externalId: fields.externalId,
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  const [inserted] = await ctx.commit([
    insertScimGroupStatement(ctx.db, row),
    auditStatement(ctx, {
      organizationId: connection.organizationId,
      actor: directoryActor(connection),
      entry: {
        action: "scim.group_created",
        targetType: "scim_group",
        targetId: row.id,
        after: { display_name: row.displayName, members: fields.members.length, via: connection.id },
      },
      onlyIfChanged: true,
    }),
    ...setGroupMembersStatements(ctx.db, { groupId: row.id, connectionId: connection.id, members: membersOf(fields) }),
    ...(await roleStatements(ctx, {
      connection,
      groupId: row.id,
      key: row.displayKey,
      before: [],
      after: fields.members,
    })),
  ]);
  if (inserted?.meta.changes !== 1) throw taken();
  return renderWithMembers(ctx, row, input.baseUrl);
}

async function groupOf(ctx: Context, input: Scope & { id: string }) {
  const row = await findScimGroup(ctx.db, input.connection.id, input.id);
  if (!row) throw scimNotFound("Group");
  return row;
}

export async function getScimGroup(ctx: Context, input: Scope & { id: string; query: ListQuery }) {
  return project(await renderWithMembers(ctx, await groupOf(ctx, input), input.baseUrl), input.query);
}

export async function listScimGroups(ctx: Context, input: Scope & { query: ListQuery }) {
  const filter = scimFilter(input.query.filter, GROUP_FILTER);
  const page = pageOf(input.query);
  const { rows, total } = await listRows(ctx.db, { connectionId: input.connection.id, filter, ...page });
  const members = await membersOfGroups(
    ctx.db,
    rows.map((r) => r.id),
  );
  return listResponse({
    resources: rows.map((r) =>
      project(
        render(
          r,
          members.filter((m) => m.groupId === r.id),
          input.baseUrl,
        ),
        input.query,
      ),
    ),
    total,
    startIndex: page.offset + 1,
  });
}

async function writeGroup(ctx: Context, input: Scope & { row: ScimGroupRow; fields: GroupFields }) {
  const { connection, row, fields } = input;
  const before = (await membersOfGroups(ctx.db, [row.id])).map((m) => m.scimUserId);
  const updated: ScimGroupRow = {
    ...row,
    displayName: fields.displayName,
    displayKey: fields.displayName.toLowerCase(),
    externalId: fields.externalId,
    version: row.version + 1,
    updatedAt: iso(ctx.now()),
  };
  const renamed = updated.displayKey !== row.displayKey;
  const [changed] = await ctx.commit([
    updateScimGroupStatement(ctx.db, updated, row.version),
    auditStatement(ctx, {
      organizationId: connection.organizationId,
      actor: directoryActor(connection),
      entry: {
        action: "scim.group_updated",
        targetType: "scim_group",
        targetId: row.id,
        before: { display_name: row.displayName, members: before },
        after: { display_name: updated.displayName, members: fields.members, via: connection.id },
      },
      onlyIfChanged: true,
    }),
    ...setGroupMembersStatements(ctx.db, { groupId: row.id, connectionId: connection.id, members: membersOf(fields) }),
    ...(await roleStatements(ctx, {
      connection,
      groupId: row.id,
      key: updated.displayKey,
      before: renamed ? before : before.filter((id) => !fields.members.includes(id)),
      after: renamed ? fields.members : fields.members.filter((id) => !before.includes(id)),
    })),
  ]);
  if (changed?.meta.changes !== 1) {
    if (renamed) throw taken();
    throw new ScimError(409, "the group changed meanwhile: read it and try again");
  }
  return renderWithMembers(ctx, updated, input.baseUrl);
}

export async function replaceScimGroup(
  ctx: Context,
  input: Scope & { id: string; body: unknown; ifMatch?: string | undefined },
) {
  const row = await groupOf(ctx, input);
  requireVersion(row.version, input.ifMatch);
  const fields = await groupFields(ctx, input.connection, input.body);
  return writeGroup(ctx, { ...input, row, fields });
}

/** PATCH (RFC 7644 §3.5.2), e.g. `add` / `remove` of `members` or `members[value eq "…"]`. */
export async function patchScimGroup(
  ctx: Context,
  input: Scope & { id: string; body: PatchBody; ifMatch?: string | undefined },
) {
  const row = await groupOf(ctx, input);
  requireVersion(row.version, input.ifMatch);
  const current = await renderWithMembers(ctx, row, input.baseUrl);
  const fields = await groupFields(ctx, input.connection, applyPatch(current, input.body));
  return writeGroup(ctx, { ...input, row, fields });
}

export async function deleteScimGroup(ctx: Context, input: Scope & { id: string; ifMatch?: string | undefined }) {
  const { connection } = input;
  const row = await groupOf(ctx, input);
  requireVersion(row.version, input.ifMatch);
  const before = (await membersOfGroups(ctx.db, [row.id])).map((m) => m.scimUserId);
  await ctx.commit([
    deleteScimGroupStatement(ctx.db, connection.id, row.id),
    auditStatement(ctx, {
      organizationId: connection.organizationId,
      actor: directoryActor(connection),
      entry: {
        action: "scim.group_deleted",
        targetType: "scim_group",
        targetId: row.id,
        before: { display_name: row.displayName, members: before.length },
        after: { via: connection.id },
      },
      onlyIfChanged: true,
    }),
    ...(await roleStatements(ctx, { connection, groupId: row.id, key: null, before, after: [] })),
  ]);
}
