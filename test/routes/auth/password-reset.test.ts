// POST /v1/auth/password/reset. The rules every password follows, and each password operation as one commit: test/routes/auth/password.test.ts.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { linkParam, mailTo } from "../../support/mail";

const NEW_PASSWORD = "violet-lantern-73";

const forgot = (email: string) => api("POST", "/v1/auth/password/forgot", { body: { email } });
const reset = (token: string, new_password: string) =>
  api("POST", "/v1/auth/password/reset", { body: { token, new_password } });
const login = (email: string, password: string) => api("POST", "/v1/auth/login", { body: { email, password } });
const refresh = (refresh_token: string) => api("POST", "/v1/auth/refresh", { body: { refresh_token } });
const me = (token: string) => api("GET", "/v1/users/me", { token });

async function resetLink(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(202);
  return linkParam(await mailTo(email, "password.reset"), "token");
}

describe("POST /v1/auth/password/reset", () => {
  it("sets the password, ends every sign-in and refresh token, mails a notice; the link then is used", async () => {
    const user = await registerUser();
    const second = (await login(user.email, PASSWORD)).body.data;
    const token = await resetLink(user.email);
    const res = await reset(token, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(second.token)).status).toBe(401);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(401);
    expectErrorEnvelope(await login(user.email, PASSWORD), 401, "INVALID_CREDENTIALS");
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    const notice = await mailTo(user.email, "password.changed");
    expect(notice.subject).toBe("Your password was changed");
    const again = expectErrorEnvelope(await reset(token, "another-lantern-74"), 400, "ACCOUNT_LINK_INVALID");
    expect(again.details.reason).toBe("used_or_expired");
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses an unknown or expired token, and a weak or common password, changing nothing", async () => {
    const user = await registerUser();
    expectErrorEnvelope(await reset("sapr_unknown", NEW_PASSWORD), 400, "ACCOUNT_LINK_INVALID");
    const token = await resetLink(user.email);
    for (const weak of ["Password2026!", "qwerty12345", "1q2w3e4r5t6y", `${user.email.split("@")[0]}1`]) {
      const err = expectErrorEnvelope(await reset(token, weak), 422, "INVALID_FIELD_VALUE");
      expect(err.details.field).toBe("new_password");
    }
    expect((await reset(token, "short1")).status).toBe(422);
    // Nothing changed: the old password and sign-in still work, and the link is still good.
    expect((await me(user.token)).status).toBe(200);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    await env.DB.prepare("UPDATE account_tokens SET expires_at = ?2 WHERE user_id = ?1")
      .bind(user.id, new Date(Date.now() - 1000).toISOString())
      .run();
    expectErrorEnvelope(await reset(token, NEW_PASSWORD), 400, "ACCOUNT_LINK_INVALID");
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });
});

describe("property: no refresh token issued before a reset works after it", () => {
  it("whatever the interleaving of resets, changes, refreshes and sign-ins", async () => {
    type Step = "reset" | "change" | "refresh" | "signin";
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Step>("reset", "change", "refresh", "signin"), { minLength: 1, maxLength: 6 }),
        async (steps) => {
          const user = await registerUser();
          let password = PASSWORD;
          let generation = 0;
          // Every refresh token ever held, with the password generation it was issued in.
          const held: Array<{ token: string; generation: number }> = [{ token: user.refreshToken, generation }];
          const latest = () => held[held.length - 1]!;
          for (const [i, step] of steps.entries()) {
            const next = `orbit-${generation + 1}-lantern-${i}`;
            // biome-ignore-start lint/nursery/noConditionalExpect: a model-based test: each command asserts its own outcome, and which command runs is the model's draw
            if (step === "reset") {
              await env.DB.prepare(
                "UPDATE account_tokens SET created_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?",
              )
                .bind(user.id)
                .run();
              const token = await resetLink(user.email);
              expect((await reset(token, next)).status).toBe(200);
              password = next;
              generation++;
            } else if (step === "change") {
              const session = (await login(user.email, password)).body.data;
              expect(
                (
                  await api("PUT", "/v1/users/me/password", {
                    token: session.token,
                    body: { current_password: password, new_password: next },
                  })
                ).status,
              ).toBe(200);
              password = next;
              generation++;
            } else if (step === "refresh") {
              const r = await refresh(latest().token);
              if (r.status === 200) held.push({ token: r.body.data.refresh_token, generation });
            } else {
              const s = await login(user.email, password);
              expect(s.status).toBe(200);
              held.push({ token: s.body.data.refresh_token, generation });
            }
            // biome-ignore-end lint/nursery/noConditionalExpect: a model-based test: each command asserts its own outcome, and which command runs is the model's draw
            for (const old of held.filter((h) => h.generation < generation))
              expect((await refresh(old.token)).status).toBe(401);
          }
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});
