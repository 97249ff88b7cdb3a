// GET /v1/sessions/{id}: the full Session resource (spec §2 "Session", §4 "Session endpoints"). Who may
// read it (another account's session is 404, the family's scope) is tested for every session route at
// once in test/routes/sessions/access.test.ts and test/security/api1-bola.test.ts; a completed session's
// results in test/durable-objects/session-room/lifecycle.test.ts; an archived one's byte-for-byte answer
// in test/domain/sessions/archive.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { heldSession, validSession } from "../../support/sessions";

describe("GET /v1/sessions/{id}", () => {
  it("answers a pending session in full: what was asked for, its price, and nothing reached yet", async () => {
    const u = await registerUser();
    const asked = validSession({ parameters: { duration: 3600 } });
    const s = await heldSession(u.token);
    const res = await api("GET", `/v1/sessions/${s.id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: s.id,
      cue: asked.cue,
      session_type: asked.session_type,
      status: "pending",
      stage: null,
      created_at: s.created_at,
      started_at: null,
      completed_at: null,
      cancelled_at: null,
      estimated_completion: s.estimated_completion,
      duration: null,
      credits_required: s.credits_required,
      credits_used: s.credits_required,
      credits_refunded: 0,
      confidence_score: null,
      // The defaults the creation filled in are stated, not left out.
      parameters: { duration: 3600, confidence_threshold: 0.5, analysis_types: ["visual"], priority: "normal" },
      metadata: asked.metadata,
      results: null,
      error: null,
      websocket_url: s.websocket_url,
    });
    // A person's own data: no shared cache may keep it.
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("reads its own change at once: a PUT's tags are in the next GET", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    const put = await api("PUT", `/v1/sessions/${s.id}`, { token: u.token, body: { metadata: { tags: ["moved"] } } });
    expect(put.status).toBe(200);
    const res = await api("GET", `/v1/sessions/${s.id}`, { token: u.token });
    expect(res.body.data.metadata).toEqual({ case_id: "case-1", client_reference: "ref-1", tags: ["moved"] });
  });
});
