// GET /v1/users/me/sessions: the caller's sign-ins.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { FIREFOX, IPHONE, listSignIns, refresh, signIn } from "../../support/sign-ins";

describe("GET /v1/users/me/sessions", () => {
  it("lists each live sign-in with its client, country and times, the caller's own marked current", async () => {
    const user = await registerUser();
    const laptop = await signIn(user.email, FIREFOX, "DE");
    const phone = await signIn(user.email, IPHONE, "FR");
    const res = await listSignIns(laptop.token);
    expect(res.status).toBe(200);
    const sessions = res.body.data.sessions as any[];
    // Registration's own sign-in, the laptop and the phone.
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ client: "Firefox on Linux", country: "DE", kind: "sign_in" });
    expect(sessions.find((s) => s.client === "Safari on iOS")).toMatchObject({ country: "FR", current: false });
    for (const s of sessions) {
      expect(Date.parse(s.created_at)).toBeLessThanOrEqual(Date.parse(s.last_used_at));
      expect(JSON.stringify(s)).not.toContain("Mozilla");
    }
    // A refresh is a use: the sign-in keeps its id and creation time, and moves its last use.
    const phoneEntry = sessions.find((s) => s.client === "Safari on iOS");
    await refresh(phone.refresh_token);
    const after = (await listSignIns(laptop.token)).body.data.sessions as any[];
    expect(after).toHaveLength(3);
    expect(after.find((s) => s.id === phoneEntry.id).created_at).toBe(phoneEntry.created_at);
  });

  it("is refused to an API key and to nobody", async () => {
    const user = await registerUser();
    const key = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "k", scopes: ["profile"] } });
    expect(key.status).toBe(201);
    const err = expectErrorEnvelope(
      await api("GET", "/v1/users/me/sessions", { apiKey: key.body.data.key }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expect(err.details.reason).toBe("sign_in_required");
    expectErrorEnvelope(await api("GET", "/v1/users/me/sessions"), 401, "AUTHENTICATION_REQUIRED");
  });
});
