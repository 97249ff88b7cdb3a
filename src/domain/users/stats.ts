import { apiCallsByDay } from "../../db/api-usage";
import { balanceOf } from "../../db/credits";
import { aggregatesBetween, usageCounts } from "../../db/session-stats";
import { invalidField } from "../../errors";
import { DAY_MS, utcDate } from "../../lib/clock";
import { round } from "../../lib/numbers";
import { actingAccountRef } from "../billing/accounts";
import type { Context, UserContext } from "../context";
import { PERIOD_DAYS, type Period } from "../reporting/periods";
import { SESSION_STATUSES, SESSION_TYPES, type SessionStatus, type SessionType } from "../sessions/types";

/**
 * Usage statistics (docs/decisions.md, "Sessions"). A period is the last N
 * UTC calendar days including today (day 1, week 7, month 30, year 365);
 * start_date/end_date (inclusive, at most 366 days) replace it. Sessions
 * count in the day they were created.
 * success_rate = completed / (completed + failed): cancelled and unfinished
 * sessions are neither successes nor failures. average_confidence is over
 * completed sessions (null when there are none). api_calls per day are the
 * user's authenticated /v1 calls (api_usage_daily), whoever they acted for.
 */
export const MAX_RANGE_DAYS = 366;

const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

export interface StatsQuery {
  period: Period;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

function rangeOf(q: StatsQuery, now: number): { period: string; from: number; to: number } {
  if (q.start_date === undefined && q.end_date === undefined) {
    const to = startOfDay(now) + DAY_MS;
    return { period: q.period, from: to - PERIOD_DAYS[q.period] * DAY_MS, to };
  }
  const to = q.end_date ? Date.parse(`${q.end_date}T00:00:00Z`) + DAY_MS : startOfDay(now) + DAY_MS;
  const from = q.start_date ? Date.parse(`${q.start_date}T00:00:00Z`) : to - PERIOD_DAYS[q.period] * DAY_MS;
  if (from >= to) throw invalidRange("start_date", "must not be after end_date");
  if ((to - from) / DAY_MS > MAX_RANGE_DAYS)
    throw invalidRange("end_date", `the range may span at most ${MAX_RANGE_DAYS} days`);
  return { period: "custom", from, to };
}

const invalidRange = (field: string, reason: string) => invalidField(field, reason, "query");

/** Statistics of the caller's sessions; credits_remaining is the acting billing account's balance. */
export async function userStats(ctx: UserContext, q: StatsQuery) {
  const { db: d1, principal } = ctx;
  const { period, from, to } = rangeOf(q, ctx.now());
  const account = await actingAccountRef(ctx);
  const [range, credits, calls] = await Promise.all([
    aggregatesBetween(d1, principal.userId, utcDate(from), utcDate(to)),
    balanceOf(d1, account.id),
    apiCallsByDay(d1, principal.userId, utcDate(from), utcDate(to)),
  ]);
  const t = range.totals;

  const byStatus = Object.fromEntries(SESSION_STATUSES.map((s) => [s, t[s]])) as Record<SessionStatus, number>;
  const byType = Object.fromEntries(SESSION_TYPES.map((type) => [type, t[type]])) as Record<SessionType, number>;
  const days = new Map<string, { sessions: number; credits_used: number; api_calls: number }>();
  for (let d = from; d < to; d += DAY_MS) {
    const date = utcDate(d);
    days.set(date, { sessions: 0, credits_used: 0, api_calls: calls.get(date) ?? 0 });
  }
  for (const r of range.days) {
    const day = days.get(r.day);
    if (day) {
      day.sessions += r.n;
      day.credits_used += r.credits;
    }
  }
  const finished = byStatus.completed + byStatus.failed;
  return {
    period,
    start_date: utcDate(from),
    end_date: utcDate(to - DAY_MS),
    sessions: { total: t.n, ...byStatus },
    credits_used: t.credits,
    credits_remaining: credits,
    success_rate: finished === 0 ? 0 : round(byStatus.completed / finished, 4),
    average_confidence: byStatus.completed === 0 ? null : round(t.completed_confidence_sum / byStatus.completed, 4),
    session_types: byType,
    daily_breakdown: [...days].map(([date, v]) => ({ date, ...v })),
  };
}

/** The User resource's usage_stats: this calendar month (UTC) and all time. */
export async function usageStatsOf(ctx: Context, input: { userId: string }) {
  const d = new Date(ctx.now());
  const c = await usageCounts(ctx.db, input.userId, d.toISOString().slice(0, 7));
  const finished = c.completed + c.failed;
  return {
    sessions_this_month: c.since,
    total_sessions: c.total,
    success_rate: finished === 0 ? 0 : round(c.completed / finished, 4),
  };
}
