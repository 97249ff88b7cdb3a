import type { Config } from "../config";
import type { Tier } from "../identity/principal";

/**
 * Rate-limit policies (spec part 8, reference 1), the sign-in and registration throttles. Every
 * window is built at a `LimitScale` (`limitScale`), which tests and development stretch.
 */
export interface WindowPolicy {
  /** Name used in the RateLimit / RateLimit-Policy fields. */
  name: string;
  limit: number;
  seconds: number;
}

export const TIER_LIMITS: Record<Tier, { minute: number; day: number }> = {
  basic: { minute: 100, day: 1_000 },
  professional: { minute: 1_000, day: 10_000 },
  enterprise: { minute: 10_000, day: 100_000 },
};

/** Unauthenticated /v1 requests, per client IP. */
const ANONYMOUS_LIMITS = { minute: 60, day: 2_000 };

/**
 * Concurrent sessions (pending + processing) by tier, from the spec's second
 * reference (Free 5 / Pro 50 / Enterprise 500), mapped onto our tiers.
 */
export const CONCURRENT_SESSION_CAPS: Record<Tier, number> = { basic: 5, professional: 50, enterprise: 500 };

/**
 * Password-guessing defence on register/login/refresh/token: points per IP and
 * per account; a failed attempt costs FAILURE_COST points, a success 1.
 */
export const AUTH_THROTTLE = {
  /** Per client IP where no account is named (refresh, token endpoint), and per account+IP pair where one is. */
  ipPerMinute: 30,
  /**
   * Per client IP across every account it names: an office behind one address holds many people,
   * so one person's mistyped password must not lock out a colleague (the pair above is what locks).
   */
  sharedIpPerMinute: 300,
  accountPerHour: 50,
  successCost: 1,
  failureCost: 5,
};

/**
 * Accounts one client address may create an hour (issue 27, docs/decisions.md "Free credits"): a
 * person registers once; a script farming accounts (each mailing a verification to any address it
 * names) is held to this. Counted per address as throttled (an IPv6 client by its /64).
 */
const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 10;

/** OAuth dynamic client registrations per client address: a few agents set up by hand, not a filled table. */
const OAUTH_REGISTRATIONS_PER_ADDRESS = { hour: 10, day: 30 };

/**
 * How the configuration stretches every window below (both 1 in production: the documented limits).
 * `window` (RATE_LIMIT_WINDOW_SCALE, > 0) multiplies a window's length, at least 1 s; `quota`
 * (RATE_LIMIT_QUOTA_SCALE, ≥ 1) multiplies the requests it allows, for a run whose traffic is not the
 * subject (the API fuzzer's thousands of requests a minute from one address). The limits' own tests
 * run at a quota of 1.
 */
export interface LimitScale {
  window: number;
  quota: number;
}

export const DOCUMENTED_LIMITS: LimitScale = { window: 1, quota: 1 };

export function limitScale(config: Pick<Config, "environment" | "scales">): LimitScale {
  if (config.environment === "production") return DOCUMENTED_LIMITS;
  const window = Number(config.scales.rateLimitWindow ?? "1");
  const quota = Number(config.scales.rateLimitQuota ?? "1");
  return {
    window: Number.isFinite(window) && window > 0 ? window : 1,
    quota: Number.isFinite(quota) && quota >= 1 ? quota : 1,
  };
}

/** One window at a scale: its length stretched (whole seconds, at least 1), its budget multiplied. */
const policy = (name: string, limit: number, seconds: number, scale: LimitScale): WindowPolicy => ({
  name,
  limit: Math.round(limit * scale.quota),
  seconds: Math.max(1, Math.round(seconds * scale.window)),
});

export function registrationWindows(scale: LimitScale): WindowPolicy[] {
  return [policy("registrations", REGISTRATIONS_PER_ADDRESS_PER_HOUR, 3_600, scale)];
}

export function oauthRegistrationWindows(scale: LimitScale): WindowPolicy[] {
  return [
    policy("hour", OAUTH_REGISTRATIONS_PER_ADDRESS.hour, 3_600, scale),
    policy("day", OAUTH_REGISTRATIONS_PER_ADDRESS.day, 86_400, scale),
  ];
}

export function tierWindows(tier: Tier, scale: LimitScale): WindowPolicy[] {
  const l = TIER_LIMITS[tier];
  return [policy("minute", l.minute, 60, scale), policy("day", l.day, 86_400, scale)];
}

export function anonymousWindows(scale: LimitScale): WindowPolicy[] {
  return [policy("minute", ANONYMOUS_LIMITS.minute, 60, scale), policy("day", ANONYMOUS_LIMITS.day, 86_400, scale)];
}

export function authIpWindows(scale: LimitScale): WindowPolicy[] {
  return [policy("auth-ip", AUTH_THROTTLE.ipPerMinute, 60, scale)];
}

export function authSharedIpWindows(scale: LimitScale): WindowPolicy[] {
  return [policy("auth-ip-shared", AUTH_THROTTLE.sharedIpPerMinute, 60, scale)];
}

export function authAccountWindows(scale: LimitScale): WindowPolicy[] {
  return [policy("auth-account", AUTH_THROTTLE.accountPerHour, 3_600, scale)];
}
