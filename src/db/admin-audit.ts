/**
 * The service-administrator role (`users.role`) and its append-only trail (`admin_audit`).
 * scripts/admin-grant.mjs writes the same two statements through `wrangler d1 execute`.
 */

export interface AdminChange {
  id: string;
  userId: string;
  action: "granted" | "revoked";
  /** `cli`, `bootstrap:ADMIN_EMAILS`, or the acting administrator's user id. */
  actor: string;
  at: string;
}

/**
 * The role change and its audit row: the row is written only if the UPDATE changed the role
 * (`changes()` of the statement before it), so a repeated grant records nothing. `condition`
 * narrows the UPDATE further (SQL over `users`, with its parameters).
 */
export function adminRoleStatements(
  d1: D1Database,
  change: AdminChange,
  condition: { sql: string; params: unknown[] } = { sql: "1 = 1", params: [] },
): D1PreparedStatement[] {
  const role = change.action === "granted" ? "admin" : "user";
  return [
    d1
      .prepare(`UPDATE users SET role = ? WHERE id = ? AND role <> ? AND (${condition.sql})`)
      .bind(role, change.userId, role, ...condition.params),
    d1
      .prepare(
        "INSERT INTO admin_audit (id, user_id, email, action, actor, created_at) SELECT ?, id, email, ?, ?, ? FROM users WHERE id = ? AND changes() = 1",
      )
      .bind(change.id, change.action, change.actor, change.at, change.userId),
  ];
}

export async function adminTrailOf(d1: D1Database, userId: string) {
  const { results } = await d1
    .prepare("SELECT action, actor, created_at FROM admin_audit WHERE user_id = ? ORDER BY created_at, id")
    .bind(userId)
    .all<{ action: string; actor: string; created_at: string }>();
  return results;
}
