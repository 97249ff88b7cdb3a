import type { UserRow } from "../../db/users";
import type { Language, Theme, UsageStats } from "./profile";

export const preferencesOf = (u: UserRow) => ({
  notifications: u.prefNotifications,
  theme: u.prefTheme as Theme,
  language: u.prefLanguage as Language,
});

/** The email is shown only to credentials with the `email` scope (spec part 5). */
export function userSummary(u: UserRow, showEmail = true) {
  return {
    id: u.id,
    ...(showEmail ? { email: u.email } : {}),
    username: u.username,
    tier: u.tier,
    email_verified: u.emailVerifiedAt !== null,
    created_at: u.createdAt,
  };
}

export function userResource(u: UserRow, usage: UsageStats, showEmail: boolean) {
  return {
    ...userSummary(u, showEmail),
    credits: u.credits,
    last_login: u.lastLogin,
    preferences: preferencesOf(u),
    usage_stats: usage,
  };
}
