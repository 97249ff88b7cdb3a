/**
 * Issue 44, hole 5 (docs/security.md "Guessing second factors"): wrong second-factor codes are
 * counted on the sign-in and on the account, not only per address. Each attack guesses from a new
 * client address per request (CF-Connecting-IP, the one the service reads), so no per-address
 * throttle is what stops it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser, type TestUser } from "../support/factories";
import { api, appAt, expectErrorEnvelope, randomIp } from "../support/http";
import { mailbox } from "../support/mail";
import { authorizePath, Browser, createClient, pkcePair, REDIRECT } from "../support/oauth";
import { decodePayload } from "../support/tokens";
import { authenticatorApp, totpFromSecret } from "../support/totp";
import { SoftAuthenticator } from "../support/webauthn";

const ORIGIN = "http://127.0.0.1:8787";

/**
 * A new client address for every request: the guesser's many machines. Random in 198.18.0.0/16
 * (randomIp) rather than counted through 203.0.113.0/24, which other files' throttle tests exhaust
 * in the same pool: one of those windows met here answered 429 RATE_LIMIT_EXCEEDED.
 */
const fresh = () => ({ "cf-connecting-ip": randomIp() });

async function withTotp() {
  const user = await registerUser({ tier: "enterprise" });
  const enrol = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
  expect(enrol.status, enrol.text).toBe(201);
  const secret = enrol.body.data.secret as string;
  const app = authenticatorApp(secret);
  const confirm = await api("POST", "/v1/users/me/mfa/totp/confirm", {
    token: user.token,
    body: { code: await app.nextCode() },
  });
  expect(confirm.status, confirm.text).toBe(200);
  return { user, secret, app, recoveryCodes: confirm.body.data.recovery_codes as string[] };
}

/** A six-digit code that no step within ±2 of `at` (ms) accepts. */
async function wrongCode(secret: string, at = Date.now()): Promise<string> {
  const step = Math.floor(at / 30_000);
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((d) => totpFromSecret(secret, (step + d) * 30))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

const signInsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ?")
    .bind(userId)
    .first<number>("n")) ?? 0;

const lockNotices = async (user: TestUser) =>
  (await mailbox(user.email)).filter((m) => m.subject === "Wrong second-factor codes on your account");

describe("issue 44.5: step-up codes are bounded per sign-in and per account", () => {
  it("five wrong step-ups on one access token from five addresses close that sign-in's step-up; the holder is mailed", async () => {
    const { user, secret, app, recoveryCodes } = await withTotp();
    // A sign-in the thief holds: a stolen access token, whose check has expired or never was.
    const login = await api("POST", "/v1/auth/login", {
      headers: fresh(),
      body: { email: user.email, password: PASSWORD },
    });
    const stolen = await api("POST", "/v1/auth/mfa/verify", {
      headers: fresh(),
      body: { challenge: login.body.data.challenge, code: await app.nextCode() },
    });
    expect(stolen.status, stolen.text).toBe(200);
    const token = stolen.body.data.token as string;
    const sid = decodePayload(token).sid as string;
    const checkBefore = await env.DB.prepare("SELECT verified_at FROM mfa_checks WHERE sid = ?").bind(sid).first();
    for (let i = 0; i < 5; i++) {
      const res = await api("POST", "/v1/auth/mfa/step-up", {
        token,
        headers: fresh(),
        body: { code: await wrongCode(secret) },
      });
      expectErrorEnvelope(res, 401, "MFA_CODE_INVALID");
    }
    // The sixth, even with a right factor (a recovery code), is refused, and spends nothing.
    const sixth = await api("POST", "/v1/auth/mfa/step-up", {
      token,
      headers: fresh(),
      body: { recovery_code: recoveryCodes[0] },
    });
    expectErrorEnvelope(sixth, 403, "MFA_STEP_UP_LOCKED");
    expect(await env.DB.prepare("SELECT verified_at FROM mfa_checks WHERE sid = ?").bind(sid).first()).toEqual(
      checkBefore,
    );
    expect(await lockNotices(user)).toHaveLength(1);
    // The holder's other sign-in is not that one, and the account is under its bound: it steps up,
    // with the very recovery code the refused attempt did not spend.
    const own = await api("POST", "/v1/auth/mfa/step-up", {
      token: user.token,
      body: { recovery_code: recoveryCodes[0] },
    });
    expect(own.status, own.text).toBe(200);
    // The thief's sign-in stays closed after the holder's success.
    const after = await api("POST", "/v1/auth/mfa/step-up", {
      token,
      headers: fresh(),
      body: { recovery_code: recoveryCodes[1] },
    });
    expectErrorEnvelope(after, 403, "MFA_STEP_UP_LOCKED");
  });
});

describe("issue 44.5: sign-in challenges are bounded per account", () => {
  it("ten wrong codes across challenges and addresses lock codes; the right code moments later, with the password again from the same address, stays refused", async () => {
    const now = Date.now();
    const at = appAt(now).api;
    const { user, secret, recoveryCodes } = await withTotp();
    const before = await signInsOf(user.id);
    const login = (headers: Record<string, string>) =>
      at("POST", "/v1/auth/login", { headers, body: { email: user.email, password: PASSWORD } });
    // Five challenges, two wrong codes on each, every request from another address.
    const statuses: number[] = [];
    const wrong = await wrongCode(secret, now);
    for (let c = 0; c < 5; c++) {
      const { challenge } = (await login(fresh())).body.data;
      for (let i = 0; i < 2; i++) {
        statuses.push(
          (await at("POST", "/v1/auth/mfa/verify", { headers: fresh(), body: { challenge, code: wrong } })).status,
        );
      }
    }
    expect(statuses).toEqual(Array(10).fill(401));
    // The holder's development mailbox has the notice, saying until when codes are refused.
    const [notice] = await lockNotices(user);
    expect(notice?.type).toBe("mfa.locked");
    expect(notice?.text).toContain(`codes are refused until ${new Date(now + 15 * 60_000).toISOString()}`);
    expect(await lockNotices(user)).toHaveLength(1);

    // The client just refused signs in again with the password and the right code, from the same address.
    const address = fresh();
    const again = await login(address);
    expect(again.status).toBe(200);
    const right = await totpFromSecret(secret, Math.floor(now / 1000));
    const refused = await at("POST", "/v1/auth/mfa/verify", {
      headers: address,
      body: { challenge: again.body.data.challenge, code: right },
    });
    const err = expectErrorEnvelope(refused, 429, "MFA_LOCKED");
    expect(err.details.retry_after).toBe(900);
    expect(refused.headers.get("retry-after")).toBe("900");
    // A recovery code is a code too; and neither was spent.
    const recovery = await at("POST", "/v1/auth/mfa/verify", {
      headers: address,
      body: { challenge: again.body.data.challenge, recovery_code: recoveryCodes[0] },
    });
    expectErrorEnvelope(recovery, 429, "MFA_LOCKED");
    expect(await signInsOf(user.id)).toBe(before);
    expect(await lockNotices(user)).toHaveLength(1);

    // Once the lock has ended the right code signs in, on the challenge that waited.
    const later = now + 15 * 60_000 + 1_000;
    const unlocked = await appAt(later).api("POST", "/v1/auth/mfa/verify", {
      headers: address,
      body: {
        challenge: (
          await appAt(later).api("POST", "/v1/auth/login", {
            headers: address,
            body: { email: user.email, password: PASSWORD },
          })
        ).body.data.challenge,
        recovery_code: recoveryCodes[0],
      },
    });
    expect(unlocked.status, unlocked.text).toBe(200);
    expect(await signInsOf(user.id)).toBe(before + 1);
  });

  it("thirty wrong codes sent at once from thirty addresses: ten are checked, twenty meet the lock", async () => {
    const { user, secret } = await withTotp();
    const challenges: string[] = [];
    for (let i = 0; i < 6; i++) {
      const login = await api("POST", "/v1/auth/login", {
        headers: fresh(),
        body: { email: user.email, password: PASSWORD },
      });
      challenges.push(login.body.data.challenge);
    }
    const code = await wrongCode(secret);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api("POST", "/v1/auth/mfa/verify", { headers: fresh(), body: { challenge: challenges[i % 6], code } }),
      ),
    );
    const codes = answers.map((r) => r.body?.error?.code).sort();
    expect(codes).toEqual([...Array(10).fill("MFA_CODE_INVALID"), ...Array(20).fill("MFA_LOCKED")]);
    expect(await lockNotices(user)).toHaveLength(1);
  });

  it("a passkey still signs in while codes are locked, and its success starts the count again", async () => {
    const { user, secret } = await withTotp();
    // The enrolment's check lets this sign-in add a passkey.
    const options = await api("POST", "/v1/users/me/mfa/passkeys/options", { token: user.token });
    const authenticator = await SoftAuthenticator.create(ORIGIN);
    const added = await api("POST", "/v1/users/me/mfa/passkeys", {
      token: user.token,
      body: { name: "Laptop", response: await authenticator.register(options.body.data) },
    });
    expect(added.status, added.text).toBe(201);
    const login = () =>
      api("POST", "/v1/auth/login", { headers: fresh(), body: { email: user.email, password: PASSWORD } });
    const wrong = await wrongCode(secret);
    const guesses: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { challenge } = (await login()).body.data;
      const res = await api("POST", "/v1/auth/mfa/verify", { headers: fresh(), body: { challenge, code: wrong } });
      guesses.push(`${res.status} ${res.body?.error?.code}`);
    }
    expect(guesses).toEqual(Array(10).fill("401 MFA_CODE_INVALID"));
    const locked = await login();
    expectErrorEnvelope(
      await api("POST", "/v1/auth/mfa/verify", {
        headers: fresh(),
        body: { challenge: locked.body.data.challenge, code: wrong },
      }),
      429,
      "MFA_LOCKED",
    );
    const withPasskey = await api("POST", "/v1/auth/mfa/verify", {
      headers: fresh(),
      body: { challenge: locked.body.data.challenge, webauthn: await authenticator.assert(locked.body.data.webauthn) },
    });
    expect(withPasskey.status, withPasskey.text).toBe(200);
    // The count started again: a wrong code is a plain wrong code, not a lock.
    const next = await login();
    expectErrorEnvelope(
      await api("POST", "/v1/auth/mfa/verify", {
        headers: fresh(),
        body: { challenge: next.body.data.challenge, code: wrong },
      }),
      401,
      "MFA_CODE_INVALID",
    );
  });

  it("the OAuth authorize page's second step meets the same lock: the right code gets the page's 429, no browser session", async () => {
    const { user, secret, app } = await withTotp();
    const client = await createClient(user.token);
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 10; i++) {
      const login = await api("POST", "/v1/auth/login", {
        headers: fresh(),
        body: { email: user.email, password: PASSWORD },
      });
      await api("POST", "/v1/auth/mfa/verify", {
        headers: fresh(),
        body: { challenge: login.body.data.challenge, code: wrong },
      });
    }
    const { challenge } = await pkcePair();
    const path = authorizePath({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: "profile",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const browser = new Browser();
    const page = await browser.request("GET", path);
    const second = await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(page.text),
      email: user.email,
      password: PASSWORD,
    });
    expect(second.status).toBe(200);
    const refused = await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(second.text),
      mfa_code: await app.nextCode(),
    });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("Too many wrong codes for this account");
    expect((await browser.request("GET", path)).text).toContain("Sign in to continue");
  });
});
