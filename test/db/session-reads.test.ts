import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findSession, findSessionWithContent } from "../../src/db/sessions";
import { decodeContent } from "../../src/domain/sessions/content";
import { registerUser } from "../support/factories";
import { completedSession } from "../support/sessions";

describe("reading a session by id", () => {
  it("the row read returns every column but the retired analysis; the read with content adds the session's content", async () => {
    const u = await registerUser();
    const { id } = await completedSession(u.token);
    const row = (await findSession(env.DB, id))!;
    expect(row.status).toBe("completed");
    expect("analysis" in row).toBe(false);
    expect(row.results?.summary).toEqual(expect.any(String));
    const { contentBody, ...rest } = (await findSessionWithContent(env.DB, id))!;
    expect(rest).toEqual(row);
    const content = await decodeContent(contentBody!);
    expect(content.analysis?.recommendations.length).toBeGreaterThan(0);
    expect(content.history.map((h) => h.stage)).toEqual(["initial_processing", "deep_analysis", "final_validation"]);
  });

  it("an unknown id reads nothing", async () => {
    expect(await findSession(env.DB, "session_unknown")).toBeUndefined();
  });
});
