import { expect } from "vitest";
import { registerUser, type TestUser } from "./factories";
import { api } from "./http";
import { totpFromSecret } from "./totp";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An authenticator code for the step `offset` steps from now (the current 30 s window shifted). */
export const codeAt = (secret: string, offset = 0) => totpFromSecret(secret, nowSeconds() + offset * 30);

/**
 * A new user with a confirmed authenticator app (POST /v1/users/me/mfa/totp, then …/confirm), its
 * secret and its recovery codes. Confirmed with the previous step's code, so the current step stays
 * free for the sign-in under test.
 */
export async function enrolledUser(): Promise<TestUser & { secret: string; recoveryCodes: string[] }> {
  const user = await registerUser();
  const enrol = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
  expect(enrol.status).toBe(201);
  const secret = enrol.body.data.secret as string;
  const confirm = await api("POST", "/v1/users/me/mfa/totp/confirm", {
    token: user.token,
    body: { code: await codeAt(secret, -1) },
  });
  expect(confirm.status).toBe(200);
  return { ...user, secret, recoveryCodes: confirm.body.data.recovery_codes };
}
