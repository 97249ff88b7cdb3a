// DELETE /v1/users/me/sessions/{id}: ending one sign-in.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { openLive } from "../../support/organizations";
import { heldSession } from "../../support/sessions";
import { FIREFOX, IPHONE, listSignIns, me, refresh, signIn } from "../../support/sign-ins";

describe("DELETE /v1/users/me/sessions/{id}", () => {
  it("ends that sign-in: its access token, refresh token and live socket stop working; the others stay", async () => {
    const user = await registerUser();
    const laptop = await signIn(user.email, FIREFOX);
    const phone = await signIn(user.email, IPHONE);
    const phoneId = ((await listSignIns(laptop.token)).body.data.sessions as any[]).find(
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
    const left = (await listSignIns(laptop.token)).body.data.sessions as any[];
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
    const victimSignIn = (await listSignIns(victim.token)).body.data.sessions[0].id as string;
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
