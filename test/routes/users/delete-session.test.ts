// DELETE /v1/users/me/sessions/{id}: ending one sign-in.
import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { openLive } from "../../support/organizations";
import { heldSession } from "../../support/sessions";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const signIn = async (email: string, userAgent: string, country?: string) => {
  const res = await api("POST", "/v1/auth/login", {
    body: { email, password: PASSWORD },
    headers: { "user-agent": userAgent },
    ...(country ? { cf: { country } } : {}),
  });
  expect(res.status).toBe(200);
  return res.body.data as { token: string; refresh_token: string };
};
const list = (token: string) => api("GET", "/v1/users/me/sessions", { token });
const me = (token: string) => api("GET", "/v1/users/me", { token });
const refresh = (refresh_token: string) => api("POST", "/v1/auth/refresh", { body: { refresh_token } });

describe("DELETE /v1/users/me/sessions/{id}", () => {
  it("ends that sign-in: its access token, refresh token and live socket stop working; the others stay", async () => {
    const user = await registerUser();
    const laptop = await signIn(user.email, FIREFOX);
    const phone = await signIn(user.email, IPHONE);
    const phoneId = ((await list(laptop.token)).body.data.sessions as any[]).find(
      (s) => s.client === "Safari on iOS",
    ).id;
    const s = await heldSession(phone.token);
    const live = await openLive(s.id, phone.token);
    const res = await api("DELETE", `/v1/users/me/sessions/${phoneId}`, { token: laptop.token });
    expect(res.status).toBe(200);
    expect((await live.closed).code).toBe(1008);
    expectErrorEnvelope(await me(phone.token), 401, "TOKEN_INVALID");
    expectErrorEnvelope(await refresh(phone.refresh_token), 401, "TOKEN_INVALID");
    expect((await me(laptop.token)).status).toBe(200);
    expect((await me(user.token)).status).toBe(200);
    const left = (await list(laptop.token)).body.data.sessions as any[];
    expect(left.map((x) => x.id)).not.toContain(phoneId);
    // Ended already: nothing to end.
    expectErrorEnvelope(
      await api("DELETE", `/v1/users/me/sessions/${phoneId}`, { token: laptop.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });

  it("another user's sign-in is 404 and stays signed in", async () => {
    const victim = await registerUser();
    const attacker = await registerUser();
    const victimSignIn = (await list(victim.token)).body.data.sessions[0].id as string;
    expectErrorEnvelope(
      await api("DELETE", `/v1/users/me/sessions/${victimSignIn}`, { token: attacker.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect((await me(victim.token)).status).toBe(200);
    expect((await refresh(victim.refreshToken)).status).toBe(200);
    expect((await api("DELETE", "/v1/users/me/sessions/not%20an%20id", { token: attacker.token })).status).toBe(422);
  });
});
