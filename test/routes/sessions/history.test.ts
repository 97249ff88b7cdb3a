// GET /v1/sessions/{id}/analysis/history (spec §2 "Analysis history entry"). Who may call it (another account's session is 404, the family's scope) is tested for every
// session route at once in test/routes/sessions/access.test.ts and test/security/api1-bola.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { getSession, heldSession, stepRoom } from "../../support/sessions";

const STAGES = ["initial_processing", "deep_analysis", "final_validation"];

describe("GET /v1/sessions/{id}/analysis/history", () => {
  it("history grows stage by stage while processing", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    const history = async () =>
      (await api("GET", `/v1/sessions/${s.id}/analysis/history`, { token: u.token })).body.data.analysis_history;
    await stepRoom(s.id);
    expect((await getSession(u.token, s.id)).status).toBe("processing");
    expect((await getSession(u.token, s.id)).stage).toBe("initial_processing");
    expect(await history()).toHaveLength(0);
    await stepRoom(s.id);
    expect((await history()).map((h: any) => h.stage)).toEqual(["initial_processing"]);
    await stepRoom(s.id);
    expect((await history()).map((h: any) => h.stage)).toEqual(["initial_processing", "deep_analysis"]);
    await stepRoom(s.id);
    expect((await history()).map((h: any) => h.stage)).toEqual(STAGES);
    expect((await getSession(u.token, s.id)).status).toBe("completed");
  });
});
