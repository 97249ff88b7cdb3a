import { ANY_SESSION_TYPE } from "./sessions";

// An organization's sessions that may hold open sockets (pending or processing): deleting the
// organization waits for them, and cutting a member off closes them.

export async function hasActiveSessions(d1: D1Database, organizationId: string): Promise<boolean> {
  const row = await d1
    .prepare("SELECT 1 AS x FROM sessions WHERE organization_id = ? AND status IN ('pending', 'processing') LIMIT 1")
    .bind(organizationId)
    .first();
  return row !== null;
}

/** Ids of the organization's sessions that may have open sockets (pending or processing). */
export async function activeSessionIdsOf(d1: D1Database, organizationId: string): Promise<string[]> {
  const { results } = await d1
    .prepare("SELECT id FROM sessions WHERE organization_id = ? AND status IN ('pending', 'processing')")
    .bind(organizationId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Pending or processing sessions a user can watch: their personal ones and their organizations'. */
export async function activeSessionIdsReachableBy(d1: D1Database, userId: string): Promise<string[]> {
  const { results } = await d1
    .prepare(
      `SELECT id FROM sessions WHERE status IN ('pending', 'processing')
       AND ((organization_id IS NULL AND user_id = ?1 AND ${ANY_SESSION_TYPE})
            OR organization_id IN (SELECT organization_id FROM organization_members WHERE user_id = ?1))`,
    )
    .bind(userId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}
