import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser, type TestUser } from "../../support/factories";
import { api } from "../../support/http";
import { authorizePath, Browser, createClient, pkcePair, REDIRECT } from "../../support/oauth";
import { totpFromSecret } from "../../support/totp";
import { SoftAuthenticator } from "../../support/webauthn";

/** A browser at the authorize page for `clientId`, past the password: the page answering it. */
async function passwordStep(user: TestUser, clientId: string) {
  const { challenge } = await pkcePair();
  const path = authorizePath({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: "profile",
    state: "st-1",
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  const browser = new Browser();
  const login = await browser.request("GET", path);
  const second = await browser.request("POST", "/oauth2/authorize", {
    ...Browser.hiddenFields(login.text),
    email: user.email,
    password: PASSWORD,
  });
  expect(second.status).toBe(200);
  return { browser, path, second };
}

describe("the authorize page's second step", () => {
  it("asks for the second factor after the password and signs in only with a valid one", async () => {
    const user = await registerUser();
    const client = await createClient(user.token);
    const enrol = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
    const secret = enrol.body.data.secret as string;
    const now = Math.floor(Date.now() / 1000);
    const confirm = await api("POST", "/v1/users/me/mfa/totp/confirm", {
      token: user.token,
      body: { code: await totpFromSecret(secret, now - 30) },
    });
    expect(confirm.status).toBe(200);
    const { browser, path, second } = await passwordStep(user, client.client_id);
    expect(second.text).toContain("Authenticator code or recovery code");
    // No passkey on the account: no button, and no script allowed on the page.
    expect(second.text).not.toContain("Use a passkey");
    expect(second.headers.get("content-security-policy")).not.toContain("script-src");
    // No browser session yet: the authorize page still shows the sign-in form.
    expect((await browser.request("GET", path)).text).toContain("Sign in to continue");

    const wrong = await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(second.text),
      mfa_code: "000000",
    });
    expect(wrong.status).toBe(401);
    expect((await browser.request("GET", path)).text).toContain("Sign in to continue");

    const right = await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(wrong.text),
      mfa_code: await totpFromSecret(secret, now),
    });
    expect(right.status).toBe(303);
    const consent = await browser.request("GET", path);
    expect(consent.text).not.toContain("Sign in to continue");
  });
});

describe("the authorize page's passkey", () => {
  // The pool serves the worker at AUTH_ISSUER http://127.0.0.1:8787: the console's origin, and its host the RP id.
  const ORIGIN = "http://127.0.0.1:8787";

  /** An account whose only factor is a passkey (no authenticator app to fall back on). */
  async function passkeyOnly() {
    const user = await registerUser();
    const authenticator = await SoftAuthenticator.create(ORIGIN);
    const options = await api("POST", "/v1/users/me/mfa/passkeys/options", { token: user.token });
    const added = await api("POST", "/v1/users/me/mfa/passkeys", {
      token: user.token,
      body: { name: "Laptop", response: await authenticator.register(options.body.data) },
    });
    expect(added.status).toBe(201);
    return { user, authenticator };
  }

  /** The options the "Use a passkey" button carries (its data-options attribute, HTML-escaped). */
  function buttonOptions(page: string): { challenge: string; rpId: string } {
    const m = /id="use-passkey" data-options="([^"]*)"/.exec(page);
    if (!m) throw new Error("no passkey button on the page");
    return JSON.parse(
      m[1]!
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&"),
    );
  }

  async function codesFor(clientId: string) {
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM oauth_authorization_codes WHERE client_id = ?")
      .bind(clientId)
      .first<{ n: number }>();
    return row!.n;
  }

  it("offers a passkey, refuses an assertion for another challenge or origin with no code issued, then consents", async () => {
    const { user, authenticator } = await passkeyOnly();
    const client = await createClient(user.token);
    const { browser, path, second } = await passwordStep(user, client.client_id);
    expect(second.text).toContain("Use a passkey");
    // The page's one script is allowed by its hash, and nothing else is.
    expect(second.headers.get("content-security-policy")).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=';/);
    const options = buttonOptions(second.text);
    const fields = Browser.hiddenFields(second.text);

    const forged = [
      await authenticator.assert(options, { challenge: "bm90LXRoaXMtc2lnbi1pbnM" }),
      await authenticator.assert(options, { origin: "https://evil.example" }),
      await authenticator.assert(options, { rpId: "evil.example" }),
    ];
    for (const assertion of forged) {
      const refused = await browser.request("POST", "/oauth2/authorize", {
        ...fields,
        webauthn: JSON.stringify(assertion),
      });
      expect(refused.status).toBe(401);
      expect(refused.text).toContain("That passkey was not accepted.");
      // Asked again on the same sign-in, with the same challenge.
      expect(buttonOptions(refused.text).challenge).toBe(options.challenge);
      expect((await browser.request("GET", path)).text).toContain("Sign in to continue");
    }
    const garbled = await browser.request("POST", "/oauth2/authorize", { ...fields, webauthn: "{not json" });
    expect(garbled.status).toBe(400);
    expect(await codesFor(client.client_id)).toBe(0);

    const right = await browser.request("POST", "/oauth2/authorize", {
      ...fields,
      webauthn: JSON.stringify(await authenticator.assert(options)),
    });
    expect(right.status).toBe(303);
    const consent = await browser.request("GET", path);
    expect(consent.text).toContain("wants to access your account");
    const approved = await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(consent.text),
      action: "approve",
    });
    expect(approved.status).toBe(303);
    expect(new URL(approved.headers.get("location")!).searchParams.get("code")).toEqual(expect.any(String));
    expect(await codesFor(client.client_id)).toBe(1);

    // The sign-in's challenge is spent: a second assertion for it is refused.
    const replay = await browser.request("POST", "/oauth2/authorize", {
      ...fields,
      csrf_token: Browser.hiddenFields(consent.text).csrf_token!,
      webauthn: JSON.stringify(await authenticator.assert(options)),
    });
    expect(replay.status).toBe(401);
    expect(replay.text).toContain("The sign-in expired");
    expect(await codesFor(client.client_id)).toBe(1);
  });
});
