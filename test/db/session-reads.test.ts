import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findSession, findSessionState } from "../../src/db/sessions";
import { registerUser } from "../support/factories";
import { completedSession } from "../support/sessions";

describe("reading a session by id", () => {
  it("the state read returns every column but the analysis body; the whole read includes it", async () => {
    const u = await registerUser();
    const { id } = await completedSession(u.token);
    const whole = (await findSession(env.DB, id))!;
    const state = (await findSessionState(env.DB, id))!;
    expect(whole.status).toBe("completed");
    expect(whole.analysis?.results).toBeTruthy();
    expect("analysis" in state).toBe(false);
    const { analysis: _, ...rest } = whole;
    expect(state).toEqual(rest);
  });

  it("an unknown id reads nothing", async () => {
    expect(await findSessionState(env.DB, "session_unknown")).toBeUndefined();
  });
});
