// DELETE /v1/users/me/sessions: signing out everywhere else.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { FIREFOX, IPHONE, listSignIns, me, refresh, signIn } from "../../support/sign-ins";

describe("DELETE /v1/users/me/sessions (sign out everywhere else)", () => {
  it("ends every other sign-in and keeps the caller's", async () => {
    const user = await registerUser();
    const a = await signIn(user.email, FIREFOX);
    const b = await signIn(user.email, IPHONE);
    const res = await api("DELETE", "/v1/users/me/sessions", { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBe(2);
    expect((await me(a.token)).status).toBe(200);
    expect((await me(b.token)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
    expect((await refresh(b.refresh_token)).status).toBe(401);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    const left = (await listSignIns(a.token)).body.data.sessions as any[];
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });
});
