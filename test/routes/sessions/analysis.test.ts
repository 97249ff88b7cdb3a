// GET /v1/sessions/{id}/analysis (spec §2 "Analysis"); a completed session's analysis is checked with its
// whole life in test/durable-objects/session-room/lifecycle.test.ts. Who may call it (another account's session is 404, the family's scope) is tested for every
// session route at once in test/routes/sessions/access.test.ts and test/security/api1-bola.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { heldSession } from "../../support/sessions";

describe("GET /v1/sessions/{id}/analysis", () => {
  it("before completion: the status, and null results", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    const analysis = (await api("GET", `/v1/sessions/${s.id}/analysis`, { token: u.token })).body.data;
    expect(analysis).toMatchObject({
      session_id: s.id,
      status: "pending",
      results: null,
      metadata: null,
      completed_at: null,
      confidence_score: null,
    });
    expect(
      (await api("GET", `/v1/sessions/${s.id}/analysis/history`, { token: u.token })).body.data.analysis_history,
    ).toEqual([]);
  });
});
