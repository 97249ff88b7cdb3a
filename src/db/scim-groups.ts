import type { scimGroups } from "../../drizzle/schema";
import { filterSql, GROUP_FILTER, type ScimFilterNode } from "./scim-filter";
import { readTogether, type Statement, type Store } from "./store";

/** SCIM groups (drizzle/schema/scim.ts `scim_groups`, `scim_group_members`). */
export type ScimGroupRow = typeof scimGroups.$inferSelect;

const COLUMNS =
  "id, connection_id AS connectionId, display_name AS displayName, display_key AS displayKey, external_id AS externalId, version, created_at AS createdAt, updated_at AS updatedAt";

export function findScimGroup(d1: Store, connectionId: string, id: string) {
  return d1
    .prepare(`SELECT ${COLUMNS} FROM scim_groups WHERE connection_id = ? AND id = ?`)
    .bind(connectionId, id)
    .first<ScimGroupRow>();
}

export async function listScimGroups(
  d1: Store,
  input: { connectionId: string; filter: ScimFilterNode | null; offset: number; limit: number },
): Promise<{ rows: ScimGroupRow[]; total: number }> {
  const filter = input.filter ? filterSql(GROUP_FILTER, input.filter) : null;
  const where = filter ? `connection_id = ? AND ${filter.sql}` : "connection_id = ?";
  const params = [input.connectionId, ...(filter?.params ?? [])];
  const [page, count] = await readTogether(d1, [
    d1
      .prepare(
        `SELECT ${COLUMNS} FROM scim_groups WHERE ${where} ORDER BY created_at, id LIMIT ${input.limit} OFFSET ${input.offset}`,
      )
      .bind(...params),
    d1.prepare(`SELECT COUNT(*) AS n FROM scim_groups WHERE ${where}`).bind(...params),
  ]);
  return {
    rows: (page?.results ?? []) as ScimGroupRow[],
    total: ((count?.results ?? [])[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/** Inserts nothing when the connection already has a group of that name (check the change count). */
export function insertScimGroupStatement(d1: Store, row: ScimGroupRow): Statement {
  return d1
    .prepare(
      `INSERT INTO scim_groups (id, connection_id, display_name, display_key, external_id, version, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(
      row.id,
      row.connectionId,
      row.displayName,
      row.displayKey,
      row.externalId,
      row.version,
      row.createdAt,
      row.updatedAt,
    );
}

/** The group's new name if it is still at `expectedVersion` and the name is free (else nothing changes). */
export function updateScimGroupStatement(d1: Store, row: ScimGroupRow, expectedVersion: number): Statement {
  return d1
    .prepare(
      `UPDATE OR IGNORE scim_groups SET display_name = ?1, display_key = ?2, external_id = ?3, version = ?4, updated_at = ?5
       WHERE connection_id = ?6 AND id = ?7 AND version = ?8`,
    )
    .bind(
      row.displayName,
      row.displayKey,
      row.externalId,
      row.version,
      row.updatedAt,
      row.connectionId,
      row.id,
      expectedVersion,
    );
}

export function deleteScimGroupStatement(d1: Store, connectionId: string, id: string): Statement {
  return d1.prepare("DELETE FROM scim_groups WHERE connection_id = ? AND id = ?").bind(connectionId, id);
}

/** The members of each group, with the `type` each was added with. */
export async function membersOfGroups(d1: Store, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  const { results } = await d1
    .prepare(
      `SELECT m.group_id AS groupId, u.id AS scimUserId, m.member_type AS memberType FROM scim_group_members m
       JOIN scim_users u ON u.id = m.scim_user_id WHERE m.group_id IN (SELECT value FROM json_each(?)) ORDER BY u.created_at, u.id`,
    )
    .bind(JSON.stringify(groupIds))
    .all<{ groupId: string; scimUserId: string; memberType: string | null }>();
  return results;
}

/** Which of `ids` are users of the connection. */
export async function existingScimUserIds(d1: Store, connectionId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { results } = await d1
    .prepare("SELECT id FROM scim_users WHERE connection_id = ? AND id IN (SELECT value FROM json_each(?))")
    .bind(connectionId, JSON.stringify(ids))
    .all<{ id: string }>();
  return new Set(results.map((r) => r.id));
}

/** The group's members become exactly `members` (users of the same connection only). */
export function setGroupMembersStatements(
  d1: Store,
  input: { groupId: string; connectionId: string; members: { id: string; type: string | null }[] },
): Statement[] {
  return [
    d1.prepare("DELETE FROM scim_group_members WHERE group_id = ?").bind(input.groupId),
    d1
      .prepare(
        `INSERT INTO scim_group_members (group_id, scim_user_id, member_type)
         SELECT ?1, u.id, json_extract(j.value, '$.type') FROM json_each(?3) j
         JOIN scim_users u ON u.id = json_extract(j.value, '$.id') AND u.connection_id = ?2`,
      )
      .bind(input.groupId, input.connectionId, JSON.stringify(input.members)),
  ];
}
