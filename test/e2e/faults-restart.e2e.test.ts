import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient, dataOf, eventually } from "./support/api";
import { type DevServer, startWrangler } from "./support/wrangler";

// Fault test: `wrangler dev` is stopped and started again while
// sessions are processing. Durable Object storage and alarms survive in the
// persist directory, so the rooms resume from their alarms and finish, and
// no session is charged twice or refunded.
describe("restarting wrangler dev while sessions are processing", () => {
  let server: DevServer;
  const { call, register } = apiClient(() => server.url);
  beforeAll(async () => {
    // 900 s × 0.01 = 9 s per session: the restart lands in the middle of it.
    server = await startWrangler({ vars: { ANALYSIS_TIME_SCALE: "0.01" } });
  });
  // A failed run prints what the server logged: the Worker logs a 5xx's cause there.
  afterEach(({ task }) => {
    if (task.result?.state === "fail") console.log(`wrangler dev output:\n${server?.output() ?? "(not started)"}`);
  });
  afterAll(async () => {
    await server?.stop();
  });

  // A basic-tier user has 100 requests a minute. Progress is polled with one
  // list request per round (not one GET per session), at most 4 a second and
  // 1 a second while waiting out the restart, so the test stays inside its
  // own budget; any refusal is reported with its status and code.
  const statuses = async (token: string, ids: string[]) => {
    const list = dataOf(await call("GET", "/v1/sessions?limit=10", token)).sessions as Array<{
      id: string;
      status: string;
    }>;
    return ids.map((id) => list.find((s) => s.id === id)?.status ?? "missing");
  };

  it("sessions resume from their alarms after the restart and complete, with one debit each and no refund", async () => {
    const token = await register("e2e-fault-restart");
    const before = dataOf(await call("GET", "/v1/users/me", token)).credits as number;
    const sessions: Array<{ id: string; paid: number }> = [];
    for (const cue of ["Describe the harbour", "Describe the mill", "Describe the quarry"]) {
      const created = await call("POST", "/v1/sessions", token, {
        cue,
        session_type: "dowsing",
        parameters: { duration: 900 },
      });
      expect(created.status).toBe(201);
      sessions.push({ id: created.body.data.id, paid: created.body.data.credits_required });
    }
    const totalPaid = sessions.reduce((n, s) => n + s.paid, 0);
    expect(dataOf(await call("GET", "/v1/users/me", token)).credits).toBe(before - totalPaid);

    // Wait until every session is processing (past its pending 10 %), none finished.
    await eventually(
      "all sessions processing",
      async () => {
        const now = await statuses(
          token,
          sessions.map((s) => s.id),
        );
        if (now.some((st) => st !== "pending" && st !== "processing")) throw new Error(`unexpected statuses ${now}`);
        return now.every((st) => st === "processing") ? now : undefined;
      },
      8_000,
      250,
    );

    const restartAt = Date.now();
    const pidBefore = server.pid();
    await server.restart();
    expect(server.pid()).not.toBe(pidBefore);

    await eventually(
      "every session to complete after the restart",
      async () => {
        const now = await statuses(
          token,
          sessions.map((s) => s.id),
        );
        if (now.some((st) => st === "failed" || st === "cancelled")) throw new Error(`a session ended: ${now}`);
        return now.every((st) => st === "completed") ? now : undefined;
      },
      60_000,
      1_000,
    );
    const done = await Promise.all(sessions.map(async (s) => dataOf(await call("GET", `/v1/sessions/${s.id}`, token))));
    for (const [i, row] of done.entries()) {
      const { id, paid } = sessions[i]!;
      expect(row).toMatchObject({ status: "completed", credits_refunded: 0, credits_used: paid, error: null });
      expect(row.results).not.toBeNull();
      // Finished after the old server was killed: only the restored alarms can have done it.
      expect(Date.parse(row.completed_at)).toBeGreaterThan(restartAt);
      const history = dataOf(await call("GET", `/v1/sessions/${id}/analysis/history`, token))
        .analysis_history as Array<{ stage: string; timestamp: string }>;
      expect(history.map((h) => h.stage)).toEqual(["initial_processing", "deep_analysis", "final_validation"]);
      expect(Date.parse(history.at(-1)!.timestamp)).toBeGreaterThan(restartAt);
    }

    // No double charge, no refund: one debit per session in the ledger, balance down by exactly the prices.
    // A refund commits with the status change it pays for, so a completed session's ledger is final.
    expect(dataOf(await call("GET", "/v1/users/me", token)).credits).toBe(before - totalPaid);
    const items = dataOf(await call("GET", "/v1/billing/history?limit=100", token)).transactions as Array<{
      type: string;
      credits: number;
      description: string;
    }>;
    expect(items.filter((t) => t.type === "session_refund")).toEqual([]);
    for (const { id, paid } of sessions) {
      expect(items.filter((t) => t.description.includes(id)).map((t) => [t.type, t.credits])).toEqual([
        ["session_debit", -paid],
      ]);
    }
    const stats = dataOf(await call("GET", "/v1/users/me/stats?period=day", token));
    expect(stats.sessions).toMatchObject({ total: 3, completed: 3, failed: 0 });
  });
});
