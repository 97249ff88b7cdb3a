import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/lib/crypto";
import { PASSWORD, registerUser, type TestUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { mailbox } from "../../support/mail";
import { SoftAuthenticator } from "../../support/webauthn";

// The pool serves the worker at AUTH_ISSUER http://127.0.0.1:8787: the console's origin, and its host the RP id.
const ORIGIN = "http://127.0.0.1:8787";
const RP_ID = "127.0.0.1";

type Passkeyed = TestUser & { authenticator: SoftAuthenticator; passkeyId: string; recoveryCodes: string[] };

async function withPasskey(user?: TestUser, name = "Laptop"): Promise<Passkeyed> {
  const u = user ?? (await registerUser());
  const authenticator = await SoftAuthenticator.create(ORIGIN);
  const options = await api("POST", "/v1/users/me/mfa/passkeys/options", { token: u.token });
  expect(options.status).toBe(200);
  const res = await api("POST", "/v1/users/me/mfa/passkeys", {
    token: u.token,
    body: { name, response: await authenticator.register(options.body.data) },
  });
  expect(res.status).toBe(201);
  return { ...u, authenticator, passkeyId: res.body.data.passkey.id, recoveryCodes: res.body.data.recovery_codes };
}

async function passkeysIn(userId: string) {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM mfa_passkeys WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

/** Refresh tokens (one per sign-in) and the last sign-in: what a refused sign-in must leave alone. */
async function signIns(userId: string) {
  const tokens = await env.DB.prepare("SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  const user = await env.DB.prepare("SELECT last_login FROM users WHERE id = ?")
    .bind(userId)
    .first<{ last_login: string | null }>();
  return { tokens: tokens!.n, lastLogin: user!.last_login };
}

const signInOptions = async () => {
  const res = await api("POST", "/v1/auth/passkey/options");
  expect(res.status).toBe(200);
  return res.body.data as { challenge: string; rpId: string; userVerification: string; allowCredentials?: unknown[] };
};

describe("passkey registration", () => {
  it("asks for a discoverable credential with user verification for the configured RP, stores it by name, never returns the key", async () => {
    const user = await registerUser();
    const options = await api("POST", "/v1/users/me/mfa/passkeys/options", { token: user.token });
    expect(options.body.data.rp).toEqual({ name: "Session Analysis", id: RP_ID });
    expect(options.body.data.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    const authenticator = await SoftAuthenticator.create(ORIGIN, { backedUp: true });
    const res = await api("POST", "/v1/users/me/mfa/passkeys", {
      token: user.token,
      body: { name: "Phone", response: await authenticator.register(options.body.data) },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.recovery_codes).toHaveLength(10);
    expect(res.body.data.passkey).toMatchObject({ name: "Phone", device_type: "multiDevice", backed_up: true });
    expect(JSON.stringify(res.body)).not.toContain(authenticator.id);
    const row = await env.DB.prepare(
      "SELECT credential_id, counter, backed_up, device_type FROM mfa_passkeys WHERE user_id = ?",
    )
      .bind(user.id)
      .first();
    expect(row).toEqual({ credential_id: authenticator.id, counter: 0, backed_up: 1, device_type: "multiDevice" });
    const status = await api("GET", "/v1/users/me/mfa", { token: user.token });
    expect(status.body.data).toEqual({ enabled: true, totp: false, passkeys: 1, recovery_codes_remaining: 10 });
    const notices = (await mailbox(user.email)).filter((m) => m.type === "mfa.changed");
    expect(notices.map((m) => m.text).join("\n")).toContain('A passkey ("Phone") was added');
  });

  it("refuses a response for another origin, another RP id, without user verification, or a spent challenge: nothing stored", async () => {
    const user = await registerUser();
    const authenticator = await SoftAuthenticator.create(ORIGIN);
    for (const overrides of [{ origin: "https://evil.example" }, { rpId: "evil.example" }, { userVerified: false }]) {
      const options = await api("POST", "/v1/users/me/mfa/passkeys/options", { token: user.token });
      const res = await api("POST", "/v1/users/me/mfa/passkeys", {
        token: user.token,
        body: { name: "x", response: await authenticator.register(options.body.data, overrides) },
      });
      expectErrorEnvelope(res, 401, "PASSKEY_INVALID");
    }
    const options = await api("POST", "/v1/users/me/mfa/passkeys/options", { token: user.token });
    const response = await authenticator.register(options.body.data);
    const first = await api("POST", "/v1/users/me/mfa/passkeys", { token: user.token, body: { name: "a", response } });
    expect(first.status).toBe(201);
    const other = await SoftAuthenticator.create(ORIGIN);
    const replay = await api("POST", "/v1/users/me/mfa/passkeys", {
      token: user.token,
      body: { name: "b", response: await other.register(options.body.data) },
    });
    expectErrorEnvelope(replay, 401, "PASSKEY_INVALID");
    expect(await passkeysIn(user.id)).toBe(1);
  });

  it("refuses another user's challenge (bound to the user who asked)", async () => {
    const victim = await registerUser();
    const attacker = await registerUser();
    const options = await api("POST", "/v1/users/me/mfa/passkeys/options", { token: victim.token });
    const authenticator = await SoftAuthenticator.create(ORIGIN);
    const res = await api("POST", "/v1/users/me/mfa/passkeys", {
      token: attacker.token,
      body: { name: "x", response: await authenticator.register(options.body.data) },
    });
    expectErrorEnvelope(res, 401, "PASSKEY_INVALID");
    expect(await passkeysIn(attacker.id)).toBe(0);
  });

  it("an API key holding profile cannot turn itself into a sign-in credential", async () => {
    const user = await registerUser();
    const key = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "ci", scopes: ["profile"] } });
    const res = await api("POST", "/v1/users/me/mfa/passkeys/options", { apiKey: key.body.data.key });
    expectErrorEnvelope(res, 403, "INSUFFICIENT_PERMISSIONS");
  });
});

describe("passwordless sign-in with a discoverable passkey", () => {
  it("options name no user; the assertion signs in and counts as a second-factor check", async () => {
    const user = await withPasskey();
    const options = await signInOptions();
    expect(options.rpId).toBe(RP_ID);
    expect(options.userVerification).toBe("required");
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await api("POST", "/v1/auth/passkey/login", {
      body: { webauthn: await user.authenticator.assert(options) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(user.id);
    const counter = await env.DB.prepare("SELECT counter, last_used_at FROM mfa_passkeys WHERE id = ?")
      .bind(user.passkeyId)
      .first<{ counter: number; last_used_at: string | null }>();
    expect(counter!.counter).toBe(1);
    expect(counter!.last_used_at).not.toBeNull();
    // Step-up-protected operations pass straight away: the passkey was the check.
    const key = await api("POST", "/v1/api-keys", {
      token: res.body.data.token,
      body: { name: "k", scopes: ["profile"] },
    });
    expect(key.status).toBe(201);
  });

  it("refuses another challenge, another origin, another RP id, no user verification: nothing issued", async () => {
    const user = await withPasskey();
    const before = await signIns(user.id);
    const cases = [
      { challenge: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
      { origin: "https://evil.example" },
      { rpId: "evil.example" },
      { userVerified: false },
    ];
    for (const overrides of cases) {
      const options = await signInOptions();
      const res = await api("POST", "/v1/auth/passkey/login", {
        body: { webauthn: await user.authenticator.assert(options, overrides) },
      });
      expectErrorEnvelope(res, 401, "PASSKEY_INVALID");
      expect(res.body.data).toBeUndefined();
    }
    expect(await signIns(user.id)).toEqual(before);
  });

  it("refuses a challenge used twice and an expired one", async () => {
    const user = await withPasskey();
    const options = await signInOptions();
    const first = await api("POST", "/v1/auth/passkey/login", {
      body: { webauthn: await user.authenticator.assert(options) },
    });
    expect(first.status).toBe(200);
    const before = await signIns(user.id);
    const twice = await api("POST", "/v1/auth/passkey/login", {
      body: { webauthn: await user.authenticator.assert(options) },
    });
    expectErrorEnvelope(twice, 401, "PASSKEY_INVALID");

    const stale = await signInOptions();
    // The challenge's five minutes are over (moved back in storage rather than waited out).
    await env.DB.prepare("UPDATE webauthn_challenges SET expires_at = ? WHERE challenge_hash = ?")
      .bind(Date.now() - 1, await sha256Hex(`webauthn-challenge:${stale.challenge}`))
      .run();
    const expired = await api("POST", "/v1/auth/passkey/login", {
      body: { webauthn: await user.authenticator.assert(stale) },
    });
    expectErrorEnvelope(expired, 401, "PASSKEY_INVALID");
    expect(await signIns(user.id)).toEqual(before);
  });

  it("refuses a cloned authenticator's stale counter", async () => {
    const user = await withPasskey();
    const clone = user.authenticator.clone();
    const ok = await api("POST", "/v1/auth/passkey/login", {
      body: { webauthn: await user.authenticator.assert(await signInOptions()) },
    });
    expect(ok.status).toBe(200);
    const again = await api("POST", "/v1/auth/passkey/login", {
      body: { webauthn: await user.authenticator.assert(await signInOptions()) },
    });
    expect(again.status).toBe(200);
    const before = await signIns(user.id);
    // The clone still counts from where it was copied: 1, below the stored 2.
    const cloned = await api("POST", "/v1/auth/passkey/login", {
      body: { webauthn: await clone.assert(await signInOptions()) },
    });
    expectErrorEnvelope(cloned, 401, "PASSKEY_INVALID");
    // And the same counter once more (equal is not forward either).
    const equal = await api("POST", "/v1/auth/passkey/login", {
      body: { webauthn: await clone.assert(await signInOptions(), { counter: 2 }) },
    });
    expectErrorEnvelope(equal, 401, "PASSKEY_INVALID");
    expect(await signIns(user.id)).toEqual(before);
  });

  it("refuses a user handle that is not the passkey's user", async () => {
    const user = await withPasskey();
    const other = await registerUser();
    user.authenticator.userHandle = btoa(other.id).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const res = await api("POST", "/v1/auth/passkey/login", {
      body: { webauthn: await user.authenticator.assert(await signInOptions()) },
    });
    expectErrorEnvelope(res, 401, "PASSKEY_INVALID");
  });
});

describe("a passkey as the second factor", () => {
  it("the password sign-in offers it with its own challenge; the assertion completes the sign-in", async () => {
    const user = await withPasskey();
    const login = await api("POST", "/v1/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(login.body.data.mfa_required).toBe(true);
    expect(login.body.data.factors).toEqual(["passkey", "recovery_code"]);
    const webauthn = login.body.data.webauthn;
    expect(webauthn.allowCredentials.map((c: { id: string }) => c.id)).toEqual([user.authenticator.id]);
    const res = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: login.body.data.challenge, webauthn: await user.authenticator.assert(webauthn) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(user.id);
  });

  it("refuses an assertion for another challenge (a passwordless one) and counts it against the sign-in", async () => {
    const user = await withPasskey();
    const login = await api("POST", "/v1/auth/login", { body: { email: user.email, password: PASSWORD } });
    const before = await signIns(user.id);
    const res = await api("POST", "/v1/auth/mfa/verify", {
      body: { challenge: login.body.data.challenge, webauthn: await user.authenticator.assert(await signInOptions()) },
    });
    expectErrorEnvelope(res, 401, "PASSKEY_INVALID");
    const failures = await env.DB.prepare("SELECT MAX(failures) AS n FROM mfa_challenges WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(failures!.n).toBe(1);
    expect(await signIns(user.id)).toEqual(before);
  });

  it("refuses another account's passkey answering this account's challenge", async () => {
    const victim = await withPasskey();
    const attacker = await withPasskey();
    const login = await api("POST", "/v1/auth/login", { body: { email: victim.email, password: PASSWORD } });
    const res = await api("POST", "/v1/auth/mfa/verify", {
      body: {
        challenge: login.body.data.challenge,
        webauthn: await attacker.authenticator.assert(login.body.data.webauthn),
      },
    });
    expectErrorEnvelope(res, 401, "PASSKEY_INVALID");
  });
});

describe("managing passkeys", () => {
  it("lists by name and renames; another account's passkey is a 404", async () => {
    const user = await withPasskey(undefined, "Laptop");
    const other = await registerUser();
    const renamed = await api("PATCH", `/v1/users/me/mfa/passkeys/${user.passkeyId}`, {
      token: user.token,
      body: { name: "Work laptop" },
    });
    expect(renamed.status).toBe(200);
    const list = await api("GET", "/v1/users/me/mfa/passkeys", { token: user.token });
    expect(list.body.data.passkeys.map((p: { name: string }) => p.name)).toEqual(["Work laptop"]);
    const theirs = await api("PATCH", `/v1/users/me/mfa/passkeys/${user.passkeyId}`, {
      token: other.token,
      body: { name: "mine now" },
    });
    expectErrorEnvelope(theirs, 404, "RESOURCE_NOT_FOUND");
    const gone = await api("DELETE", `/v1/users/me/mfa/passkeys/${user.passkeyId}`, { token: other.token });
    expectErrorEnvelope(gone, 404, "RESOURCE_NOT_FOUND");
    expect(await passkeysIn(user.id)).toBe(1);
  });

  it("removing needs a recent check; a passkey step-up provides it; the last factor takes the recovery codes", async () => {
    const user = await withPasskey();
    await env.DB.prepare("UPDATE mfa_checks SET verified_at = ? WHERE user_id = ?")
      .bind(Date.now() - 11 * 60 * 1000, user.id)
      .run();
    const refused = await api("DELETE", `/v1/users/me/mfa/passkeys/${user.passkeyId}`, { token: user.token });
    expectErrorEnvelope(refused, 403, "MFA_REQUIRED");
    expect(await passkeysIn(user.id)).toBe(1);

    const options = await api("POST", "/v1/auth/mfa/step-up/options", { token: user.token });
    expect(options.status).toBe(200);
    // An assertion for the passwordless ceremony's challenge is not a step-up.
    const wrong = await api("POST", "/v1/auth/mfa/step-up", {
      token: user.token,
      body: { webauthn: await user.authenticator.assert(await signInOptions()) },
    });
    expectErrorEnvelope(wrong, 401, "PASSKEY_INVALID");
    const stepUp = await api("POST", "/v1/auth/mfa/step-up", {
      token: user.token,
      body: { webauthn: await user.authenticator.assert(options.body.data) },
    });
    expect(stepUp.status).toBe(200);
    const removed = await api("DELETE", `/v1/users/me/mfa/passkeys/${user.passkeyId}`, { token: user.token });
    expect(removed.status).toBe(200);
    const status = await api("GET", "/v1/users/me/mfa", { token: user.token });
    expect(status.body.data).toEqual({ enabled: false, totp: false, passkeys: 0, recovery_codes_remaining: 0 });
    const notices = (await mailbox(user.email)).filter((m) => m.type === "mfa.changed");
    expect(notices.map((m) => m.text).join("\n")).toContain('The passkey "Laptop" was removed');
  });

  it("a step-up challenge is bound to the sign-in session that asked for it", async () => {
    const user = await withPasskey();
    const options = await api("POST", "/v1/auth/mfa/step-up/options", { token: user.token });
    const other = await api("POST", "/v1/auth/passkey/login", {
      body: { webauthn: await user.authenticator.assert(await signInOptions()) },
    });
    const res = await api("POST", "/v1/auth/mfa/step-up", {
      token: other.body.data.token,
      body: { webauthn: await user.authenticator.assert(options.body.data) },
    });
    expectErrorEnvelope(res, 401, "PASSKEY_INVALID");
  });
});

describe("POST /console/session/passkey (the console's passkey sign-in)", () => {
  it("a forged or replayed assertion sets no cookie and signs nobody in; the genuine one does, once", async () => {
    const user = await withPasskey();
    const before = await signIns(user.id);
    const forged = await api("POST", "/console/session/passkey", {
      body: { webauthn: await user.authenticator.assert(await signInOptions(), { origin: "https://evil.example" }) },
    });
    expectErrorEnvelope(forged, 401, "PASSKEY_INVALID");
    expect(forged.headers.getSetCookie()).toEqual([]);
    expect(await signIns(user.id)).toEqual(before);

    const genuine = await user.authenticator.assert(await signInOptions());
    const signedIn = await api("POST", "/console/session/passkey", { body: { webauthn: genuine } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.id).toBe(user.id);
    expect(signedIn.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/);
    const replayed = await api("POST", "/console/session/passkey", { body: { webauthn: genuine } });
    expectErrorEnvelope(replayed, 401, "PASSKEY_INVALID");
    expect(replayed.headers.getSetCookie()).toEqual([]);
  });
});
