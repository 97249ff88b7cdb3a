import { describe, expect, it } from "vitest";
import {
  anonymousWindows,
  authAccountWindows,
  DOCUMENTED_LIMITS,
  limitScale,
  oauthRegistrationWindows,
  registrationWindows,
  tierWindows,
} from "../../../src/domain/limits/policies";
import { testConfig } from "../../support/context";

describe("the limits' scale (RATE_LIMIT_WINDOW_SCALE, RATE_LIMIT_QUOTA_SCALE)", () => {
  it("is read outside production; unset, unusable or in production it is the documented limits", () => {
    const vars = { RATE_LIMIT_WINDOW_SCALE: "0.02", RATE_LIMIT_QUOTA_SCALE: "1000" };
    expect(limitScale(testConfig({ ENVIRONMENT: "development", ...vars }))).toEqual({ window: 0.02, quota: 1000 });
    expect(limitScale(testConfig({ ENVIRONMENT: "staging", ...vars }))).toEqual({ window: 0.02, quota: 1000 });
    expect(limitScale(testConfig({ ENVIRONMENT: "production", ...vars }))).toEqual(DOCUMENTED_LIMITS);
    expect(limitScale(testConfig({ ENVIRONMENT: "development" }))).toEqual(DOCUMENTED_LIMITS);
    for (const bad of ["0", "-1", "abc", ""])
      expect(limitScale(testConfig({ RATE_LIMIT_WINDOW_SCALE: bad, RATE_LIMIT_QUOTA_SCALE: bad }))).toEqual(
        DOCUMENTED_LIMITS,
      );
    // A quota below 1 would narrow the limits: the variable only widens them.
    expect(limitScale(testConfig({ RATE_LIMIT_QUOTA_SCALE: "0.5" })).quota).toBe(1);
  });

  it("the window factor stretches lengths (whole seconds, at least 1); the quota factor multiplies budgets", () => {
    expect(anonymousWindows(DOCUMENTED_LIMITS)).toEqual([
      { name: "minute", limit: 60, seconds: 60 },
      { name: "day", limit: 2_000, seconds: 86_400 },
    ]);
    expect(anonymousWindows({ window: 0.0001, quota: 1 })).toEqual([
      { name: "minute", limit: 60, seconds: 1 },
      { name: "day", limit: 2_000, seconds: 9 },
    ]);
    const wide = { window: 1, quota: 1000 };
    expect(tierWindows("basic", wide).map((w) => [w.limit, w.seconds])).toEqual([
      [100_000, 60],
      [1_000_000, 86_400],
    ]);
    // The sign-in, registration and client-registration throttles widen alike.
    expect(authAccountWindows(wide)[0]!.limit).toBe(50_000);
    expect(registrationWindows(wide)[0]!.limit).toBe(10_000);
    expect(oauthRegistrationWindows(wide).map((w) => w.limit)).toEqual([10_000, 30_000]);
  });
});
