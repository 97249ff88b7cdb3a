import type { ScimConnectionRow } from "../../../db/scim-connections";
import { USER_FILTER } from "../../../db/scim-filter";
import {
  clearManagerStatement,
  deleteScimUserStatement,
  findScimUser,
  findScimUserOfAccount,
  insertScimUserStatement,
  listScimUsers as listRows,
  type ScimUserRow,
  updateScimUserStatement,
} from "../../../db/scim-users";
import type { Statement } from "../../../db/store";
import { findUserByEmail, type UserRow } from "../../../db/users";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { randomToken } from "../../../lib/ids";
import type { Context } from "../../context";
import { auditStatement } from "../../organizations/audit";
import { createUser } from "../accounts";
import { hashPassword } from "../passwords";
import { isVerifiedDomainOf } from "../sso/domains";
import { directoryActor } from "./access";
import { type Attributes, project, readAttributes, requireOnePrimary } from "./attributes";
import { enterpriseOf, enterpriseOperations, readEnterprise } from "./enterprise";
import { invalidValue, ScimError, scimNotFound } from "./errors";
import { scimFilter } from "./filter";
import { directoryRoleOf, endOrganizationAccess, membershipStatements } from "./membership";
import { applyPatch, type ListQuery, listResponse, type PatchBody, pageOf, requireVersion } from "./protocol";
import { SCIM, USER_ATTRIBUTES } from "./schemas";

/**
 * Users (RFC 7643 §4.1, RFC 7644 §3): a directory's user on a connection, linked to one account of
 * the service. The rules (docs/sso.md "SCIM", docs/decisions.md "SCIM"): userName and every email
 * are addresses in the organization's verified domains; the account is the one with the user's
 * email if its holder verified it, else a new one; an unverified account with that email is not
 * taken over by provisioning (409); active users are members with the role their groups map to.
 */

interface Scope {
  connection: ScimConnectionRow;
  /** The origin resources' `meta.location` names. */
  baseUrl: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface UserFields {
  attributes: Attributes;
  userName: string;
  externalId: string | null;
  active: boolean;
  /** The address the account has: the primary email, else the first, else userName. */
  email: string;
}

/** The id an extension's manager names (RFC 7643 §4.3 `manager.value`), if any. */
const managerIdOf = (extension: Attributes | undefined): string | undefined =>
  (extension?.manager as Attributes | undefined)?.value as string | undefined;

/**
 * The extension as stored. Its manager (RFC 7643 §4.3 `manager.value`) names another User of the
 * same connection: any other id is 400 invalidValue, whatever another connection holds. One
 * exception: the manager the user already had, deleted by a DELETE that raced this write (a DELETE
 * clears it from those it managed, docs/decisions.md "SCIM"), is dropped, not a reason to refuse.
 */
async function checkedEnterprise(
  ctx: Context,
  connection: ScimConnectionRow,
  extension: Attributes,
  current?: ScimUserRow,
): Promise<Attributes | undefined> {
  const id = managerIdOf(extension);
  if (id === undefined) return extension;
  const other = id !== current?.id;
  if (other && (await findScimUser(ctx.db, connection.id, id))) return extension;
  if (other && current && id === managerIdOf(enterpriseOf(JSON.parse(current.resource)))) {
    const { manager: _gone, ...rest } = extension;
    return Object.keys(rest).length > 0 ? rest : undefined;
  }
  throw invalidValue(`${SCIM.enterpriseUser}:manager.value: the id of another User of this connection`);
}

/** A directory's JSON as the fields stored, each address checked against the verified domains. */
async function userFields(
  ctx: Context,
  connection: ScimConnectionRow,
  body: unknown,
  current?: ScimUserRow,
): Promise<UserFields> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ScimError(400, "the body must be a User resource (RFC 7643 §4.1)", "invalidSyntax");
  }
  const raw = body as Attributes;
  const attributes = readAttributes(USER_ATTRIBUTES, raw);
  const read = readEnterprise(raw);
  const extension = read && (await checkedEnterprise(ctx, connection, read, current));
  if (extension) attributes[SCIM.enterpriseUser] = extension;
  const externalIdKey = Object.keys(raw).find((k) => k.toLowerCase() === "externalid");
  const externalId = externalIdKey ? raw[externalIdKey] : undefined;
  if (externalId !== undefined && externalId !== null && (typeof externalId !== "string" || externalId.length > 1024)) {
    throw invalidValue("externalId: a string of at most 1024 characters");
  }
  const userName = typeof attributes.userName === "string" ? attributes.userName.trim() : "";
  if (!userName) throw invalidValue("userName is required (RFC 7643 §4.1.1)");
  const emails = (attributes.emails as Attributes[] | undefined) ?? [];
  requireOnePrimary("emails", emails);
  const addresses = [userName, ...emails.map((e) => e.value)];
  for (const address of addresses) {
    if (typeof address !== "string" || !EMAIL.test(address) || address.length > 254) {
      throw invalidValue("userName and each emails.value must be an email address");
    }
    if (!(await isVerifiedDomainOf(ctx, { organizationId: connection.organizationId, email: address.toLowerCase() }))) {
      throw invalidValue(
        `${address.split("@")[1]} is not a verified domain of this organization: a directory provisions only its own domains`,
      );
    }
  }
  const primary = emails.find((e) => e.primary === true) ?? emails[0];
  return {
    attributes,
    userName,
    externalId: typeof externalId === "string" ? externalId : null,
    active: attributes.active === undefined ? true : attributes.active === true,
    email: ((primary?.value as string | undefined) ?? userName).toLowerCase(),
  };
}

/** The resource as a directory reads it (RFC 7643 §3.1 `meta`, §4.1). */
function render(row: ScimUserRow, baseUrl: string): Attributes {
  const attributes = JSON.parse(row.resource) as Attributes;
  const extension = enterpriseOf(attributes);
  delete attributes[SCIM.enterpriseUser];
  const managerId = managerIdOf(extension);
  return {
    schemas: extension ? [SCIM.user, SCIM.enterpriseUser] : [SCIM.user],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    ...attributes,
    ...(extension
      ? {
          [SCIM.enterpriseUser]: {
            ...extension,
            ...(managerId ? { manager: { value: managerId, $ref: `${baseUrl}/Users/${managerId}` } } : {}),
          },
        }
      : {}),
    userName: (attributes.userName as string | undefined) ?? row.userName,
    meta: {
      resourceType: "User",
      created: row.createdAt,
      lastModified: row.updatedAt,
      location: `${baseUrl}/Users/${row.id}`,
      version: `W/"${row.version}"`,
    },
  };
}

const taken = () => new ScimError(409, "this connection already has a user with that userName", "uniqueness");

/** The account the directory's user gets (before anything is written: every refusal comes first). */
async function accountFor(ctx: Context, connection: ScimConnectionRow, fields: UserFields): Promise<UserRow> {
  const existing = await findUserByEmail(ctx.db, fields.email);
  if (existing) {
    if (existing.emailVerifiedAt === null) {
      throw new ScimError(
        409,
        "an account with this email exists and its holder never verified the address: it is linked once they verify it or sign in through the organization's sign-on",
        "uniqueness",
      );
    }
    if (await findScimUserOfAccount(ctx.db, connection.id, existing.id)) {
      throw new ScimError(409, "this connection already has a user for that account", "uniqueness");
    }
    return existing;
  }
  const created = await createUser(ctx, {
    email: fields.email,
    username: (fields.userName.split("@")[0] ?? "member").slice(0, 50),
    passwordHash: await hashPassword(randomToken()),
    tier: "basic",
    marketingConsent: false,
    country: "",
  });
  const user = created ?? (await findUserByEmail(ctx.db, fields.email));
  if (!user) throw new AppError("INTERNAL_SERVER_ERROR");
  return user;
}

/** RFC 7644 §3.3: a userName the connection already holds is 409 `uniqueness`. */
async function refuseTakenUserName(ctx: Context, connection: Scope["connection"], userName: string) {
  const { rows } = await listRows(ctx.db, {
    connectionId: connection.id,
    filter: { op: "eq", attribute: "userName", value: userName },
    offset: 0,
    limit: 1,
  });
  if (rows.length > 0) throw taken();
}

export async function createScimUser(ctx: Context, input: Scope & { body: unknown }) {
  const { connection } = input;
  const fields = await userFields(ctx, connection, input.body);
  const key = fields.userName.toLowerCase();
  await refuseTakenUserName(ctx, connection, key);
  const user = await accountFor(ctx, connection, fields);
  const at = iso(ctx.now());
  const row: ScimUserRow = {
    id: crypto.randomUUID(),
    connectionId: connection.id,
    organizationId: connection.organizationId,
    userId: user.id,
    userName: key,
    externalId: fields.externalId,
    active: fields.active,
    resource: JSON.stringify(fields.attributes),
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  const membership = fields.active
    ? await membershipStatements(ctx, {
        connection,
        scimUser: row,
        role: await directoryRoleOf(ctx, { connection, scimUserId: row.id }),
      })
    : [];
  const [inserted] = await ctx.commit([
    insertScimUserStatement(ctx.db, row),
    auditStatement(ctx, {
      organizationId: connection.organizationId,
      actor: directoryActor(connection),
      entry: {
        action: "scim.user_provisioned",
        targetType: "user",
        targetId: user.id,
        after: { scim_id: row.id, user_name: row.userName, active: row.active, via: connection.id },
      },
      onlyIfChanged: true,
    }),
    ...membership,
  ]);
  if (inserted?.meta.changes !== 1) throw taken();
  return render(row, input.baseUrl);
}

async function userOf(ctx: Context, input: Scope & { id: string }) {
  const row = await findScimUser(ctx.db, input.connection.id, input.id);
  if (!row) throw scimNotFound("User");
  return row;
}

export async function getScimUser(ctx: Context, input: Scope & { id: string; query: ListQuery }) {
  return project(render(await userOf(ctx, input), input.baseUrl), input.query);
}

export async function listScimUsers(ctx: Context, input: Scope & { query: ListQuery }) {
  const filter = scimFilter(input.query.filter, USER_FILTER);
  const page = pageOf(input.query);
  const { rows, total } = await listRows(ctx.db, { connectionId: input.connection.id, filter, ...page });
  return listResponse({
    resources: rows.map((r) => project(render(r, input.baseUrl), input.query)),
    total,
    startIndex: page.offset + 1,
  });
}

/** PUT and PATCH end here: the new attributes, validated as a whole, and what `active` changes. */
async function writeUser(ctx: Context, input: Scope & { row: ScimUserRow; fields: UserFields }) {
  const { connection, row, fields } = input;
  const key = fields.userName.toLowerCase();
  if (key !== row.userName) await refuseTakenUserName(ctx, connection, key);
  const updated: ScimUserRow = {
    ...row,
    userName: key,
    externalId: fields.externalId,
    active: fields.active,
    resource: JSON.stringify(fields.attributes),
    version: row.version + 1,
    updatedAt: iso(ctx.now()),
  };
  const action =
    row.active && !updated.active
      ? "scim.user_deprovisioned"
      : !row.active && updated.active
        ? "scim.user_reactivated"
        : "scim.user_updated";
  const write: Statement[] = [
    updateScimUserStatement(ctx.db, updated, row.version),
    auditStatement(ctx, {
      organizationId: connection.organizationId,
      actor: directoryActor(connection),
      entry: {
        action,
        targetType: "user",
        targetId: row.userId,
        before: { user_name: row.userName, active: row.active },
        after: { user_name: updated.userName, active: updated.active, via: connection.id },
      },
      onlyIfChanged: true,
    }),
  ];
  if (action === "scim.user_deprovisioned") {
    await endOrganizationAccess(ctx, { connection, scimUser: updated, write });
  } else {
    // Reactivation restores the membership, not the credentials deprovisioning ended.
    const membership = updated.active
      ? await membershipStatements(ctx, {
          connection,
          scimUser: updated,
          role: await directoryRoleOf(ctx, { connection, scimUserId: row.id }),
        })
      : [];
    const [changed] = await ctx.commit([...write, ...membership]);
    if (changed?.meta.changes !== 1) throw new ScimError(409, "the user changed meanwhile: read it and try again");
  }
  return render(updated, input.baseUrl);
}

export async function replaceScimUser(
  ctx: Context,
  input: Scope & { id: string; body: unknown; ifMatch?: string | undefined },
) {
  const row = await userOf(ctx, input);
  requireVersion(row.version, input.ifMatch);
  const fields = await userFields(ctx, input.connection, input.body, row);
  return writeUser(ctx, { ...input, row, fields });
}

export async function patchScimUser(
  ctx: Context,
  input: Scope & { id: string; body: PatchBody; ifMatch?: string | undefined },
) {
  const row = await userOf(ctx, input);
  requireVersion(row.version, input.ifMatch);
  const current = render(row, input.baseUrl);
  const operations = Array.isArray(input.body?.Operations) ? enterpriseOperations(input.body.Operations) : undefined;
  const patched = applyPatch(current, operations ? { ...input.body, Operations: operations } : input.body);
  const fields = await userFields(ctx, input.connection, patched, row);
  return writeUser(ctx, { ...input, row, fields });
}

/** DELETE: access ends as for `active: false`, and the directory's user is gone; the account stays its holder's. */
export async function deleteScimUser(ctx: Context, input: Scope & { id: string; ifMatch?: string | undefined }) {
  const { connection } = input;
  const row = await userOf(ctx, input);
  requireVersion(row.version, input.ifMatch);
  const write = [
    deleteScimUserStatement(ctx.db, connection.id, row.id),
    auditStatement(ctx, {
      organizationId: connection.organizationId,
      actor: directoryActor(connection),
      entry: {
        action: "scim.user_deleted",
        targetType: "user",
        targetId: row.userId,
        before: { scim_id: row.id, user_name: row.userName, active: row.active },
        after: { via: connection.id },
      },
      onlyIfChanged: true,
    }),
    // The users it managed have no manager now (RFC 7643 §4.3 manager.value names an existing User).
    clearManagerStatement(ctx.db, { connectionId: connection.id, managerId: row.id, at: iso(ctx.now()) }),
  ];
  if (row.active) await endOrganizationAccess(ctx, { connection, scimUser: row, write });
  else await ctx.commit(write);
}
