import { describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { openRawWebSocket } from "./support/raw-websocket";
import { sharedServer } from "./support/shared-server";

// A session's whole life under a real `wrangler dev`: D1, the SessionRoom's
// alarms, the hibernating WebSocket and the queue producer, on local bindings.
describe("sessions against wrangler dev", () => {
  const server = sharedServer();

  const { call, verify } = apiClient(() => server.url);

  it("creates a session, streams its progress over WebSocket to completion, and reports it", async () => {
    const reg = await verify(
      await call("POST", "/v1/auth/register", undefined, {
        email: `e2e.sessions.${Date.now()}@example.com`,
        username: "e2e",
        password: "correct-horse-42",
        tier: "basic",
        marketing_consent: false,
      }),
    );
    const token = reg.body.data.token as string;
    const other = (
      await call("POST", "/v1/auth/register", undefined, {
        email: `e2e.other.${Date.now()}@example.com`,
        username: "e2e",
        password: "correct-horse-42",
        tier: "basic",
        marketing_consent: false,
      })
    ).body.data.token;

    const created = await call("POST", "/v1/sessions", token, {
      cue: "Describe the target",
      session_type: "remote_viewing",
    });
    expect(created.status).toBe(201);
    const session = created.body.data;
    expect(session.websocket_url).toBe(`ws://127.0.0.1:${server.port}/v1/ws/${session.id}`);

    const refused = await openRawWebSocket(`${server.url}/v1/ws/${session.id}?access_token=${other}`);
    expect(refused.status).toBe(404);

    const ws = await openRawWebSocket(`${server.url}/v1/ws/${session.id}`, {
      "Sec-WebSocket-Protocol": `bearer, ${token}`,
    });
    expect(ws.status).toBe(101);
    expect(ws.protocol).toBe("bearer");
    const { messages, closeCode } = await ws.done;
    const parsed = messages.map((m) => JSON.parse(m));
    expect(parsed[0].type).toBe("snapshot");
    expect(parsed.at(-1)).toMatchObject({ type: "transition", to: "completed" });
    expect(parsed.filter((m) => m.type === "stage").map((m) => m.stage)).toEqual([
      "initial_processing",
      "deep_analysis",
      "final_validation",
    ]);
    expect(closeCode).toBe(1000);

    const done = (await call("GET", `/v1/sessions/${session.id}`, token)).body.data;
    expect(done.status).toBe("completed");
    expect(done.results.summary).toContain("Describe the target");
    const history = (await call("GET", `/v1/sessions/${session.id}/analysis/history`, token)).body.data
      .analysis_history;
    expect(history).toHaveLength(3);
    const stats = (await call("GET", "/v1/users/me/stats?period=day", token)).body.data;
    expect(stats.sessions).toMatchObject({ total: 1, completed: 1 });
    expect(stats.credits_remaining).toBe(100 - session.credits_required);
  });
});
