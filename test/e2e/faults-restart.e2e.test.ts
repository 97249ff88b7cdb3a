import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, eventually, sleep } from "./support/api";
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
  afterAll(async () => {
    await server?.stop();
  });

  it("sessions resume from their alarms after the restart and complete, with one debit each and no refund", async () => {
    const token = await register("e2e-fault-restart");
    const before = (await call("GET", "/v1/users/me", token)).body.data.credits as number;
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
    expect((await call("GET", "/v1/users/me", token)).body.data.credits).toBe(before - totalPaid);

    // Wait until every session is processing (past its pending 10 %), none finished.
    await eventually(
      "all sessions processing",
      async () => {
        const statuses = await Promise.all(
          sessions.map(async (s) => (await call("GET", `/v1/sessions/${s.id}`, token)).body.data.status as string),
        );
        if (statuses.some((st) => st !== "pending" && st !== "processing"))
          throw new Error(`unexpected statuses ${statuses}`);
        return statuses.every((st) => st === "processing") ? statuses : undefined;
      },
      8_000,
      100,
    );

    const restartAt = Date.now();
    const pidBefore = server.pid();
    await server.restart();
    expect(server.pid()).not.toBe(pidBefore);

    const done = await Promise.all(
      sessions.map((s) =>
        eventually(
          `session ${s.id} to complete after the restart`,
          async () => {
            const row = (await call("GET", `/v1/sessions/${s.id}`, token)).body.data;
            if (row.status === "failed" || row.status === "cancelled")
              throw new Error(`session ${row.status}: ${JSON.stringify(row.error)}`);
            return row.status === "completed" ? row : undefined;
          },
          60_000,
          250,
        ),
      ),
    );
    for (const [i, row] of done.entries()) {
      const { id, paid } = sessions[i]!;
      expect(row).toMatchObject({ status: "completed", credits_refunded: 0, credits_used: paid, error: null });
      expect(row.results).not.toBeNull();
      // Finished after the old server was killed: only the restored alarms can have done it.
      expect(Date.parse(row.completed_at)).toBeGreaterThan(restartAt);
      const history = (await call("GET", `/v1/sessions/${id}/analysis/history`, token)).body.data
        .analysis_history as Array<{ stage: string; timestamp: string }>;
      expect(history.map((h) => h.stage)).toEqual(["initial_processing", "deep_analysis", "final_validation"]);
      expect(Date.parse(history.at(-1)!.timestamp)).toBeGreaterThan(restartAt);
    }

    // No double charge, no refund: one debit per session in the ledger, balance down by exactly the prices.
    await sleep(1_000);
    expect((await call("GET", "/v1/users/me", token)).body.data.credits).toBe(before - totalPaid);
    const items = (await call("GET", "/v1/billing/history?limit=100", token)).body.data.transactions as Array<{
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
    const stats = (await call("GET", "/v1/users/me/stats?period=day", token)).body.data;
    expect(stats.sessions).toMatchObject({ total: 3, completed: 3, failed: 0 });
  });
});
