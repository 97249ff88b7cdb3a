import type { scimUsers } from "../../drizzle/schema";
import { ENTERPRISE_USER, filterSql, type ScimFilterNode, USER_FILTER } from "./scim-filter";
import { readTogether, type Statement, type Store } from "./store";

/** SCIM users (drizzle/schema/scim.ts `scim_users`): a directory's user on a connection, linked to an account. */
export type ScimUserRow = typeof scimUsers.$inferSelect;

const COLUMNS =
  "id, connection_id AS connectionId, organization_id AS organizationId, user_id AS userId, user_name AS userName, external_id AS externalId, active, resource, version, created_at AS createdAt, updated_at AS updatedAt";

type Raw = Omit<ScimUserRow, "active"> & { active: number };
const fromRaw = (r: Raw): ScimUserRow => ({ ...r, active: r.active === 1 });

export async function findScimUser(d1: Store, connectionId: string, id: string): Promise<ScimUserRow | null> {
  const row = await d1
    .prepare(`SELECT ${COLUMNS} FROM scim_users WHERE connection_id = ? AND id = ?`)
    .bind(connectionId, id)
    .first<Raw>();
  return row ? fromRaw(row) : null;
}

export async function findScimUserOfAccount(d1: Store, connectionId: string, userId: string) {
  const row = await d1
    .prepare(`SELECT ${COLUMNS} FROM scim_users WHERE connection_id = ? AND user_id = ?`)
    .bind(connectionId, userId)
    .first<Raw>();
  return row ? fromRaw(row) : null;
}

/** A page of the connection's users (oldest first, RFC 7644 §3.4.2.4's 1-based startIndex as `offset + 1`) and their count. */
export async function listScimUsers(
  d1: Store,
  input: { connectionId: string; filter: ScimFilterNode | null; offset: number; limit: number },
): Promise<{ rows: ScimUserRow[]; total: number }> {
  const filter = input.filter ? filterSql(USER_FILTER, input.filter) : null;
  const where = filter ? `connection_id = ? AND ${filter.sql}` : "connection_id = ?";
  const params = [input.connectionId, ...(filter?.params ?? [])];
  const [page, count] = await readTogether(d1, [
    d1
      .prepare(
        `SELECT ${COLUMNS} FROM scim_users WHERE ${where} ORDER BY created_at, id LIMIT ${input.limit} OFFSET ${input.offset}`,
      )
      .bind(...params),
    d1.prepare(`SELECT COUNT(*) AS n FROM scim_users WHERE ${where}`).bind(...params),
  ]);
  return {
    rows: ((page?.results ?? []) as Raw[]).map(fromRaw),
    total: ((count?.results ?? [])[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/** Inserts nothing when the connection already has the userName or the account (check the change count). */
export function insertScimUserStatement(d1: Store, row: ScimUserRow): Statement {
  return d1
    .prepare(
      `INSERT INTO scim_users (id, connection_id, organization_id, user_id, user_name, external_id, active, resource, version, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(
      row.id,
      row.connectionId,
      row.organizationId,
      row.userId,
      row.userName,
      row.externalId,
      row.active ? 1 : 0,
      row.resource,
      row.version,
      row.createdAt,
      row.updatedAt,
    );
}

/** Writes the directory's new attributes if the row is still at `expectedVersion` (a concurrent write changes nothing). */
export function updateScimUserStatement(d1: Store, row: ScimUserRow, expectedVersion: number): Statement {
  return d1
    .prepare(
      `UPDATE OR IGNORE scim_users SET user_name = ?1, external_id = ?2, active = ?3, resource = ?4, version = ?5, updated_at = ?6
       WHERE connection_id = ?7 AND id = ?8 AND version = ?9`,
    )
    .bind(
      row.userName,
      row.externalId,
      row.active ? 1 : 0,
      row.resource,
      row.version,
      row.updatedAt,
      row.connectionId,
      row.id,
      expectedVersion,
    );
}

/**
 * The connection's users whose Enterprise User manager is `managerId` lose it (a new version, as any
 * change to the resource), so no `manager.value` names a User that is gone.
 */
export function clearManagerStatement(
  d1: Store,
  input: { connectionId: string; managerId: string; at: string },
): Statement {
  const manager = `$."${ENTERPRISE_USER}".manager`;
  return d1
    .prepare(
      `UPDATE scim_users SET resource = json_remove(resource, ?1), version = version + 1, updated_at = ?2
       WHERE connection_id = ?3 AND json_extract(resource, ?4) = ?5`,
    )
    .bind(manager, input.at, input.connectionId, `${manager}.value`, input.managerId);
}

export function deleteScimUserStatement(d1: Store, connectionId: string, id: string): Statement {
  return d1.prepare("DELETE FROM scim_users WHERE connection_id = ? AND id = ?").bind(connectionId, id);
}

/** The groups a directory user is in, with their lower-cased names, for the role they map to. */
export async function groupsOfScimUser(d1: Store, scimUserId: string) {
  const { results } = await d1
    .prepare(
      "SELECT g.id AS groupId, g.display_key AS displayKey FROM scim_group_members m JOIN scim_groups g ON g.id = m.group_id WHERE m.scim_user_id = ?",
    )
    .bind(scimUserId)
    .all<{ groupId: string; displayKey: string }>();
  return results;
}

/** Whether a directory of the organization deprovisioned `userId` (a SCIM user of it, inactive). */
export async function isDeprovisionedIn(d1: Store, organizationId: string, userId: string): Promise<boolean> {
  const row = await d1
    .prepare("SELECT 1 AS x FROM scim_users WHERE organization_id = ? AND user_id = ? AND active = 0 LIMIT 1")
    .bind(organizationId, userId)
    .first<{ x: number }>();
  return row !== null;
}
