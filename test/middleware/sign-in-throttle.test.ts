import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser } from "../support/factories";
import { appAt, expectErrorEnvelope, startOfMinuteWindow } from "../support/http";

/**
 * The sign-in throttle counts failed sign-ins, per account and address together
 * (docs/decisions.md, "Accounts"): refreshes are no password guesses, and one
 * person mistyping behind an office's address does not lock out a colleague.
 */
describe("sign-in throttle", () => {
  it("mistyping locks that account from that address only; a colleague behind the same address signs in", async () => {
    const { api } = appAt(startOfMinuteWindow());
    const office = "203.0.113.202";
    const [ada, grace] = [await registerUser(), await registerUser()];
    const attempt = (email: string, password: string, ip = office) =>
      api("POST", "/v1/auth/login", { headers: { "cf-connecting-ip": ip }, body: { email, password } });
    for (let i = 0; i < 6; i++)
      expectErrorEnvelope(await attempt(ada.email, "wrong-password-1"), 401, "INVALID_CREDENTIALS");
    const locked = expectErrorEnvelope(await attempt(ada.email, PASSWORD), 429, "RATE_LIMIT_EXCEEDED");
    expect(locked.details.retry_after).toBeGreaterThan(0);
    expect((await attempt(grace.email, PASSWORD)).status).toBe(200);
    expect((await attempt(ada.email, PASSWORD, "203.0.113.203")).status).toBe(200);
  });
});
