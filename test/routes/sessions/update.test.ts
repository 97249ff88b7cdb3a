// PUT /v1/sessions/{id}: threshold and tags. Who may call it (another account's session is 404, the family's scope) is tested for every
// session route at once in test/routes/sessions/access.test.ts and test/security/api1-bola.test.ts.
// A change of parameters.priority re-prices the session: test/routes/sessions/priority-change.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { getSession, heldSession, stepRoom } from "../../support/sessions";

describe("PUT /v1/sessions/{id}", () => {
  it("changes threshold and tags while processing (a repeated priority is accepted); the threshold applies to the results", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    await stepRoom(s.id);
    const res = await api("PUT", `/v1/sessions/${s.id}`, {
      token: u.token,
      body: {
        parameters: { confidence_threshold: 1, priority: "normal" },
        metadata: { tags: ["urgent"] },
        cue: "ignored",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: s.id,
      parameters: { duration: 3600, confidence_threshold: 1, analysis_types: ["visual"], priority: "normal" },
      metadata: { case_id: "case-1", client_reference: "ref-1", tags: ["urgent"] },
    });
    for (let i = 0; i < 3; i++) await stepRoom(s.id);
    const done = await getSession(u.token, s.id);
    expect(done.status).toBe("completed");
    expect(done.cue).toBe("Describe the target location");
    // No finding reaches a threshold of 1.
    expect(done.results.visual_data).toEqual([]);
    expect(done.results.summary).toMatch(/0 of \d+ findings/);
  });

  it("validates the body", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    const err = expectErrorEnvelope(
      await api("PUT", `/v1/sessions/${s.id}`, { token: u.token, body: { parameters: { confidence_threshold: 2 } } }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(err.details.field).toBe("parameters.confidence_threshold");
  });
});
