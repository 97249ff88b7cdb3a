import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { balance, createSession, tokenWithScopes } from "../../support/sessions";

describe("POST /v1/sessions/quote", () => {
  it("prices a creation body line by line, the same credits creation then debits, and writes nothing", async () => {
    const u = await registerUser();
    const body = {
      cue: "Where is the lighthouse keeper's logbook?",
      session_type: "remote_viewing",
      parameters: { duration: 150, analysis_types: ["visual", "spatial"], priority: "high" },
    };
    const res = await api("POST", "/v1/sessions/quote", { token: u.token, body });
    expect(res.status).toBe(200);
    // 10 base + 3 started minutes + 2 for the extra type = 15; high: ceil(22.5) = 23.
    expect(res.body.data).toEqual({
      session_type: "remote_viewing",
      credits_required: 23,
      lines: [
        { kind: "base", quantity: 1, credits: 10 },
        { kind: "duration_minutes", quantity: 3, credits: 3 },
        { kind: "extra_analysis_types", quantity: 1, credits: 2 },
        { kind: "priority", quantity: 1.5, credits: 8 },
      ],
      credits_remaining: 100,
      sufficient: true,
    });
    expect(await balance(u.token)).toBe(100);
    expect((await api("GET", "/v1/sessions", { token: u.token })).body.data.pagination.total).toBe(0);
    const created = await createSession(u.token, body);
    expect(created.credits_required).toBe(23);
  });

  it("needs no cue, applies the creation defaults, and says when the balance falls short", async () => {
    const u = await registerUser();
    const res = await api("POST", "/v1/sessions/quote", {
      token: u.token,
      body: { session_type: "precognition", parameters: { duration: 3600 } },
    });
    // 15 base + 60 minutes, one analysis type, normal priority.
    expect(res.body.data.credits_required).toBe(75);
    expect(res.body.data.sufficient).toBe(true);
    const long = await api("POST", "/v1/sessions/quote", {
      token: u.token,
      body: { session_type: "precognition", parameters: { duration: 3600, priority: "high" } },
    });
    expect(long.body.data).toMatchObject({ credits_required: 113, credits_remaining: 100, sufficient: false });
  });

  it("refuses what creation refuses: bad parameters (422) and a token without the type's write scope (403)", async () => {
    const u = await registerUser();
    expectErrorEnvelope(
      await api("POST", "/v1/sessions/quote", {
        token: u.token,
        body: { session_type: "dowsing", parameters: { duration: 10 } },
      }),
      422,
      "INVALID_FIELD_VALUE",
    );
    const readOnly = await tokenWithScopes(u.id, ["remote-viewing:read"]);
    expectErrorEnvelope(
      await api("POST", "/v1/sessions/quote", { token: readOnly, body: { session_type: "remote_viewing" } }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });
});
