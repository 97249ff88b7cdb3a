import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { authorizePath, Browser, createClient, pkcePair, REDIRECT } from "../../support/oauth";
import { totpFromSecret } from "../../support/totp";

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
    const { challenge } = await pkcePair();
    const path = authorizePath({
      response_type: "code",
      client_id: client.client_id,
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
    expect(second.text).toContain("Authenticator code or recovery code");
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
