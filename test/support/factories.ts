import { type RegisterInput, register } from "../../src/domain/identity/accounts";
import { verifyEmail as verifyEmailAt } from "../../src/domain/identity/email-verification";
import { testContext } from "./context";
import { mailedVerificationToken, verifyEmail } from "./email";
import { api } from "./http";

let counter = 0;
/** A fresh unique email per call: tests create their own users (no seeded magic ids). */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const PASSWORD = "correct-horse-42";

export interface TestUser {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
}

/**
 * A new signed-in user, made by the registration's own domain function (the rows, billing account,
 * billing clock and tokens POST /v1/auth/register makes) without the HTTP round trip: the route
 * itself is tested in test/routes/auth/register.test.ts, and each anonymous request costs the rate
 * limiter two KV lists for its fresh client address. Its email is then verified with the mailed
 * token, as its holder would, which grants the one free credit allowance (docs/decisions.md "Free
 * credits"): what a real person has before spending. `{ verified: false }` leaves it unverified
 * (no credits), for tests of what an unverified account may not do.
 */
export async function registerUser(
  overrides: Partial<RegisterInput> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<TestUser> {
  const input: RegisterInput = {
    email: uniqueEmail(),
    username: "tester",
    password: PASSWORD,
    tier: "basic",
    marketing_consent: false,
    ...overrides,
  };
  // As the route does for a request without Cloudflare's country (src/lib/request.ts countryOf).
  const { user, token, refreshToken } = await register(testContext(), { ...input, country: "unknown" });
  if (verified) await verifyEmailAt(testContext(), await mailedVerificationToken(user));
  return { id: user.id, email: input.email, token, refreshToken };
}

/**
 * The admin of this test run: admin@example.com, in ADMIN_EMAILS (vitest.config.ts), the bootstrap
 * that makes an address an administrator when its holder verifies it. Registered and verified once
 * (through the mailed token), then signed in, so the token carries the role.
 */
export async function adminUser(): Promise<TestUser> {
  const email = "admin@example.com";
  const reg = await api("POST", "/v1/auth/register", {
    body: { email, username: "admin", password: PASSWORD, tier: "enterprise", marketing_consent: false },
  });
  if (reg.status === 201) await verifyEmail({ id: reg.body.data.user.id });
  const res = await api("POST", "/v1/auth/login", { body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${res.text}`);
  return { id: res.body.data.user.id, email, token: res.body.data.token, refreshToken: res.body.data.refresh_token };
}
