import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SessionRoom } from "../../../src/durable-objects/session-room/session-room";
import { registerUser } from "../../support/factories";
import { getSession, heldSession, roomStub } from "../../support/sessions";

// A session's end is a data point (src/adapters/metrics/), written by the room itself: the room's
// METRICS binding is swapped for a dataset that keeps what it is given, then the room runs its step.
describe("session end metrics", () => {
  it("a failed session and a cancelled one are each one data point of their type", async () => {
    const u = await registerUser();
    const points: AnalyticsEngineDataPoint[] = [];
    const recording = { writeDataPoint: (p?: AnalyticsEngineDataPoint) => void points.push(p!) };
    const withRecorder = (room: SessionRoom) => {
      const self = room as unknown as { env: Record<string, unknown> };
      self.env = { ...self.env, METRICS: recording };
    };

    const late = await heldSession(u.token, { session_type: "dowsing" });
    await runInDurableObject(roomStub(late.id), async (room, state) => {
      const st = (await state.storage.get<any>("state"))!;
      st.init.schedule.deadline = Date.now() - 1;
      await state.storage.put("state", st);
      withRecorder(room);
      await room.alarm();
    });
    expect((await getSession(u.token, late.id)).status).toBe("failed");

    // Cancelled as DELETE /v1/sessions/{id} does (src/domain/sessions/manage.ts), in the same call as the swap.
    const cancelled = await heldSession(u.token);
    const outcome = await runInDurableObject(roomStub(cancelled.id), (room) => {
      withRecorder(room);
      return room.cancel();
    });
    expect(outcome.ok).toBe(true);
    expect((await getSession(u.token, cancelled.id)).status).toBe("cancelled");

    expect(points).toEqual([
      { indexes: ["session"], blobs: ["session", "failed", "dowsing"], doubles: [1] },
      { indexes: ["session"], blobs: ["session", "cancelled", "remote_viewing"], doubles: [1] },
    ]);
  });
});
