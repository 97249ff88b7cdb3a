// PUT /v1/users/me/password. The rules every password follows, and each password operation as one commit:
// test/routes/auth/password.test.ts.
import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { mailTo } from "../../support/mail";

const NEW_PASSWORD = "violet-lantern-73";

const login = (email: string, password: string) => api("POST", "/v1/auth/login", { body: { email, password } });
const refresh = (refresh_token: string) => api("POST", "/v1/auth/refresh", { body: { refresh_token } });
const me = (token: string) => api("GET", "/v1/users/me", { token });

describe("PUT /v1/users/me/password", () => {
  const change = (token: string, current_password: string, new_password: string) =>
    api("PUT", "/v1/users/me/password", { token, body: { current_password, new_password } });

  it("with the current password: changes it, ends every sign-in, mails a notice", async () => {
    const user = await registerUser();
    const other = (await login(user.email, PASSWORD)).body.data;
    const res = await change(user.token, PASSWORD, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(other.token)).status).toBe(401);
    expect((await refresh(other.refresh_token)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await mailTo(user.email, "password.changed")).text).toContain("was changed");
  });

  it("a wrong current password, a weak or common new one, an API key: refused, nothing changed", async () => {
    const user = await registerUser();
    const err = expectErrorEnvelope(
      await change(user.token, "wrong-password-9", NEW_PASSWORD),
      401,
      "INVALID_CREDENTIALS",
    );
    expect(err.details.field).toBe("current_password");
    expectErrorEnvelope(await change(user.token, PASSWORD, "password12345"), 422, "INVALID_FIELD_VALUE");
    expectErrorEnvelope(await change(user.token, PASSWORD, PASSWORD), 422, "INVALID_FIELD_VALUE");
    expect((await change(user.token, PASSWORD, "")).status).toBe(422);
    const key = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "k", scopes: ["profile"] } });
    expect(key.status).toBe(201);
    const viaKey = await api("PUT", "/v1/users/me/password", {
      apiKey: key.body.data.key,
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect([401, 403]).toContain(viaKey.status);
    expect((await me(user.token)).status).toBe(200);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });
});
