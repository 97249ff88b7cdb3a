import { userAnalytics, usersByCountry } from "../../db/user-analytics";
import { iso } from "../../lib/clock";
import { round } from "../../lib/numbers";
import type { UserContext } from "../context";
import type { Tier } from "../identity/principal";
import { type Period, periodStart } from "../reporting/periods";
import { requireAdmin } from "./require-admin";

/**
 * Service-wide user analytics (docs/decisions.md, "Admin"):
 * - active: signed in or started a session within the period;
 * - new: registered within the period;
 * - retention_rate: of the users who existed before the period began, the
 *   fraction active within it (0 when there were none);
 * - geographic_distribution: every user by the country Cloudflare reported
 *   at registration or last login ("unknown" when there was none).
 */
export async function getUserAnalytics(ctx: UserContext, input: { period: Period; tier: Tier | undefined }) {
  const { period, tier } = input;
  const d1 = ctx.db;
  await requireAdmin(ctx);
  const since = iso(periodStart(period, ctx.now()));
  const [counts, countries] = await Promise.all([
    userAnalytics(d1, since, tier ?? null),
    usersByCountry(d1, tier ?? null),
  ]);
  return {
    period,
    ...(tier ? { tier } : {}),
    total_users: counts.total,
    active_users: counts.active,
    new_users: counts.new_users,
    retention_rate: counts.cohort === 0 ? 0 : round(counts.retained / counts.cohort, 4),
    tier_distribution: { basic: counts.basic, professional: counts.professional, enterprise: counts.enterprise },
    geographic_distribution: countries.map((c) => ({
      country: c.country,
      users: c.users,
      percentage: counts.total === 0 ? 0 : round((c.users / counts.total) * 100, 2),
    })),
  };
}
