// DELETE /v1/users/me/sessions: signing out everywhere else.
import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { api } from "../../support/http";

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
    const left = (await list(a.token)).body.data.sessions as any[];
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });
});
