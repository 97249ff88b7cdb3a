import type { Store } from "./store";

/** One sign-in (a first-party sign-in or an OAuth grant): its refresh family, as the person sees it. */
export interface SignInRow {
  id: string;
  created_at: string;
  last_used_at: string;
  client: string | null;
  country: string | null;
  client_id: string | null;
  client_name: string | null;
}

/**
 * The user's live refresh families: those holding a token that is neither used, revoked nor expired
 * (the one the client will present next). Created is the family's first token, last used its newest
 * (each refresh issues one), whose client and country are shown.
 */
export async function liveSignInsOfUser(db: Store, userId: string, now: string): Promise<SignInRow[]> {
  const { results } = await db
    .prepare(
      `SELECT f.family_id AS id, f.created_at, r.created_at AS last_used_at, r.client, r.country, r.client_id,
              COALESCE(c.name, rc.name) AS client_name
         FROM (SELECT family_id, MIN(created_at) AS created_at, MAX(id) AS newest
                 FROM refresh_tokens WHERE user_id = ?1
                GROUP BY family_id
               HAVING MAX(used_at IS NULL AND revoked_at IS NULL AND expires_at > ?2) = 1) f
         JOIN refresh_tokens r ON r.id = f.newest
         LEFT JOIN oauth_clients c ON c.id = r.client_id
         LEFT JOIN oauth_registered_clients rc ON rc.id = r.client_id
        ORDER BY r.created_at DESC, f.family_id`,
    )
    .bind(userId, now)
    .all<SignInRow>();
  return results;
}

/** Whether `familyId` is a live sign-in of the user (another user's, or an ended one, is not). */
export async function isLiveSignInOf(db: Store, userId: string, familyId: string, now: string): Promise<boolean> {
  const row = await db
    .prepare(
      "SELECT 1 AS live FROM refresh_tokens WHERE family_id = ?1 AND user_id = ?2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?3 LIMIT 1",
    )
    .bind(familyId, userId, now)
    .first<{ live: number }>();
  return row !== null;
}
