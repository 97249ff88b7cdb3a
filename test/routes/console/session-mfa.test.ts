import { describe, expect, it } from "vitest";
import { PASSWORD, type TestUser } from "../../support/factories";
import { api } from "../../support/http";
import { codeAt, enrolledUser } from "../../support/mfa";

/**
 * The console's sign-in for an account with a second factor: POST /console/session answers the
 * challenge (no cookies), POST /console/session/mfa spends it with a code and only then sets them.
 */

const cookieNames = (res: { headers: Headers }) => res.headers.getSetCookie().map((c) => c.split("=")[0]);

async function challengeOf(user: TestUser): Promise<string> {
  const res = await api("POST", "/console/session", { body: { email: user.email, password: PASSWORD } });
  expect(res.status).toBe(200);
  expect(res.body.data.mfa_required).toBe(true);
  expect(res.body.data.factors).toEqual(["totp", "recovery_code"]);
  expect(cookieNames(res)).toEqual([]);
  return res.body.data.challenge;
}

describe("console sign-in with a second factor", () => {
  it("the password step sets no cookie; the authenticator code step sets the session cookies", async () => {
    const user = await enrolledUser();
    const challenge = await challengeOf(user);
    const res = await api("POST", "/console/session/mfa", { body: { challenge, code: await codeAt(user.secret) } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(user.email);
    expect(JSON.stringify(res.body)).not.toMatch(/eyJ|sart_/);
    expect(cookieNames(res)).toEqual(["sas_session", "sas_refresh", "sas_csrf"]);
    const session = res.headers.getSetCookie()[0]!.split(";")[0]!;
    const me = await api("GET", "/v1/users/me", { headers: { cookie: session } });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(user.email);
  });

  it("a wrong code is refused with no cookie, and the challenge cannot be spent twice", async () => {
    const user = await enrolledUser();
    const challenge = await challengeOf(user);
    const wrong = await api("POST", "/console/session/mfa", { body: { challenge, code: "000000" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("MFA_CODE_INVALID");
    expect(cookieNames(wrong)).toEqual([]);
    const right = await api("POST", "/console/session/mfa", {
      body: { challenge, recovery_code: user.recoveryCodes[0] },
    });
    expect(right.status).toBe(200);
    const again = await api("POST", "/console/session/mfa", {
      body: { challenge, recovery_code: user.recoveryCodes[1] },
    });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe("MFA_CHALLENGE_INVALID");
    expect(cookieNames(again)).toEqual([]);
  });

  it("guessing codes kills the challenge: after 5 wrong codes even the right one is refused, with no cookie", async () => {
    const user = await enrolledUser();
    const challenge = await challengeOf(user);
    // A code that none of the accepted steps (±1, RFC 6238 skew) produces, so every guess is wrong.
    const valid = await Promise.all([-1, 0, 1].map((step) => codeAt(user.secret, step)));
    const guess = ["000000", "111111", "222222", "333333"].find((code) => !valid.includes(code))!;
    for (let i = 0; i < 5; i++) {
      const res = await api("POST", "/console/session/mfa", { body: { challenge, code: guess } });
      expect(res.status).toBe(401);
      expect(cookieNames(res)).toEqual([]);
    }
    const right = await api("POST", "/console/session/mfa", { body: { challenge, code: await codeAt(user.secret) } });
    expect(right.status).toBe(401);
    expect(right.body.error.code).toBe("MFA_CHALLENGE_INVALID");
    expect(cookieNames(right)).toEqual([]);
  });

  it("a spent recovery code does not sign in again, and a body without a factor is a 422", async () => {
    const user = await enrolledUser();
    const first = await api("POST", "/console/session/mfa", {
      body: { challenge: await challengeOf(user), recovery_code: user.recoveryCodes[0] },
    });
    expect(first.status).toBe(200);
    const reused = await api("POST", "/console/session/mfa", {
      body: { challenge: await challengeOf(user), recovery_code: user.recoveryCodes[0] },
    });
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe("MFA_CODE_INVALID");
    expect(cookieNames(reused)).toEqual([]);
    const empty = await api("POST", "/console/session/mfa", { body: { challenge: "x" } });
    expect(empty.status).toBe(422);
  });
});
