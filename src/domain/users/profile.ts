import { findUserById, profileStatements, type UserRow } from "../../db/users";
import { AppError } from "../../errors";
import type { UserContext } from "../context";
import { usageStatsOf } from "./stats";

export const THEMES = ["light", "dark", "system"] as const;
export const LANGUAGES = ["en", "es", "fr", "de", "pt", "it", "ja", "zh"] as const;
export type Theme = (typeof THEMES)[number];
export type Language = (typeof LANGUAGES)[number];

export interface ProfilePatch {
  username?: string | undefined;
  preferences?:
    | { notifications?: boolean | undefined; theme?: string | undefined; language?: string | undefined }
    | undefined;
}

export async function getOwnUser(ctx: UserContext): Promise<UserRow> {
  const user = await findUserById(ctx.db, ctx.principal.userId);
  // A token can outlive its account only if the account was deleted.
  if (!user) throw new AppError("TOKEN_INVALID", { message: "The account of this credential no longer exists." });
  return user;
}

/** Only username and preferences change; anything else in the body was already dropped by the schema. */
export async function updateOwnProfile(ctx: UserContext, patch: ProfilePatch): Promise<UserRow> {
  const { userId } = ctx.principal;
  await ctx.commit(
    profileStatements(ctx.db, userId, {
      ...(patch.username !== undefined ? { username: patch.username } : {}),
      ...(patch.preferences?.notifications !== undefined ? { prefNotifications: patch.preferences.notifications } : {}),
      ...(patch.preferences?.theme !== undefined ? { prefTheme: patch.preferences.theme } : {}),
      ...(patch.preferences?.language !== undefined ? { prefLanguage: patch.preferences.language } : {}),
    }),
  );
  const updated = await findUserById(ctx.db, userId);
  if (!updated) throw new AppError("TOKEN_INVALID", { message: "The account of this credential no longer exists." });
  return updated;
}

/** User.usage_stats (spec part 2), from the sessions table (see ./stats.ts). */
export interface UsageStats {
  sessions_this_month: number;
  total_sessions: number;
  /** Fraction 0 to 1. */
  success_rate: number;
}

export async function usageStats(ctx: UserContext): Promise<UsageStats> {
  return usageStatsOf(ctx, { userId: ctx.principal.userId });
}
