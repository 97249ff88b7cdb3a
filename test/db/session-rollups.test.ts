import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registerUser } from "../support/factories";
import { api } from "../support/http";
import { completedSession, heldSession, stepRoom, topUp } from "../support/sessions";

/**
 * The trigger-kept rollups (session_counts, session_daily) must always equal
 * aggregates computed from the sessions themselves, whatever sequence of
 * creations, completions, cancellations and failures happened.
 */
const TYPES = ["remote_viewing", "dowsing", "precognition", "intuitive_analysis"] as const;
const STATUSES = ["pending", "processing", "completed", "failed", "cancelled"] as const;
const op = fc.record({
  type: fc.constantFrom(...TYPES),
  end: fc.constantFrom("complete", "cancel-pending", "cancel-processing", "fail", "leave-pending"),
});

async function direct(userId: string) {
  const counts = await env.DB.prepare(
    "SELECT session_type, status, COUNT(*) AS n FROM sessions WHERE user_id = ? GROUP BY session_type, status ORDER BY session_type, status",
  )
    .bind(userId)
    .all();
  const daily = await env.DB.prepare(
    `SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n, SUM(credits_used) AS credits,
            ROUND(COALESCE(SUM(CASE WHEN status = 'completed' THEN confidence_score END), 0), 6) AS completed_confidence_sum,
            ${STATUSES.map((st) => `SUM(status = '${st}') AS ${st}`).join(", ")},
            ${TYPES.map((t) => `SUM(session_type = '${t}') AS ${t}`).join(", ")}
       FROM sessions WHERE user_id = ? GROUP BY day ORDER BY day`,
  )
    .bind(userId)
    .all();
  return { counts: counts.results, daily: daily.results };
}

async function rolled(userId: string) {
  const counts = await env.DB.prepare(
    "SELECT session_type, status, n FROM session_counts WHERE user_id = ? AND n <> 0 ORDER BY session_type, status",
  )
    .bind(userId)
    .all();
  const daily = await env.DB.prepare(
    `SELECT day, n, credits, ROUND(completed_confidence_sum, 6) AS completed_confidence_sum, ${[...STATUSES, ...TYPES].join(", ")}
       FROM session_daily WHERE user_id = ? AND n <> 0 ORDER BY day`,
  )
    .bind(userId)
    .all();
  return { counts: counts.results, daily: daily.results };
}

describe("session rollups", () => {
  it("equal the direct aggregates after any sequence of session lives", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        // Enterprise for its concurrency cap; its trial grants basic's credits, so top up.
        const u = await registerUser({ tier: "enterprise" });
        await topUp(u.id, 10_000);
        for (const { type, end } of ops) {
          const cue = end === "fail" ? "Describe it [[fail:deep_analysis]]" : "Describe it";
          if (end === "complete" || end === "fail") {
            await completedSession(u.token, { session_type: type, cue });
            continue;
          }
          const s = await heldSession(u.token, { session_type: type });
          if (end === "cancel-processing") await stepRoom(s.id);
          if (end.startsWith("cancel"))
            expect((await api("DELETE", `/v1/sessions/${s.id}`, { token: u.token })).status).toBe(200);
        }
        expect(await rolled(u.id)).toEqual(await direct(u.id));
      }),
      { numRuns: 6, seed: 7 },
    );
  });

  it("serve the list total and the stats without reading every session", async () => {
    const u = await registerUser({ tier: "enterprise" });
    await topUp(u.id, 10_000);
    for (let i = 0; i < 3; i++) await completedSession(u.token, { session_type: "dowsing" });
    const list = await api("GET", "/v1/sessions?session_type=dowsing&limit=1", { token: u.token });
    expect(list.body.data.pagination).toMatchObject({ total: 3, limit: 1, has_more: true });
    const stats = await api("GET", "/v1/users/me/stats?period=day", { token: u.token });
    expect(stats.body.data.sessions.total).toBe(3);
    expect(stats.body.data.session_types.dowsing).toBe(3);
  });
});
