import type { Tier } from "../identity/principal";

/**
 * Rate-limit policies (spec part 8, reference 1) and the login throttle.
 * `RATE_LIMIT_WINDOW_SCALE` shrinks every window for tests (1 = real time).
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

export function registrationWindows(scale: number): WindowPolicy[] {
  return [{ name: "registrations", limit: REGISTRATIONS_PER_ADDRESS_PER_HOUR, seconds: scaled(3_600, scale) }];
}

const scaled = (seconds: number, scale: number) => Math.max(1, Math.round(seconds * scale));

export function parseScale(raw: string | undefined): number {
  const n = Number(raw ?? "1");
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export function tierWindows(tier: Tier, scale: number): WindowPolicy[] {
  const l = TIER_LIMITS[tier];
  return [
    { name: "minute", limit: l.minute, seconds: scaled(60, scale) },
    { name: "day", limit: l.day, seconds: scaled(86_400, scale) },
  ];
}

export function anonymousWindows(scale: number): WindowPolicy[] {
  return [
    { name: "minute", limit: ANONYMOUS_LIMITS.minute, seconds: scaled(60, scale) },
    { name: "day", limit: ANONYMOUS_LIMITS.day, seconds: scaled(86_400, scale) },
  ];
}

export function authIpWindows(scale: number): WindowPolicy[] {
  return [{ name: "auth-ip", limit: AUTH_THROTTLE.ipPerMinute, seconds: scaled(60, scale) }];
}

export function authSharedIpWindows(scale: number): WindowPolicy[] {
  return [{ name: "auth-ip-shared", limit: AUTH_THROTTLE.sharedIpPerMinute, seconds: scaled(60, scale) }];
}

export function authAccountWindows(scale: number): WindowPolicy[] {
  return [{ name: "auth-account", limit: AUTH_THROTTLE.accountPerHour, seconds: scaled(3_600, scale) }];
}

/** Fixed windows aligned to the epoch: [start, start + seconds). */
export function windowStart(now: number, seconds: number): number {
  const ms = seconds * 1000;
  return Math.floor(now / ms) * ms;
}

export function secondsUntilReset(now: number, seconds: number): number {
  return Math.max(1, Math.ceil((windowStart(now, seconds) + seconds * 1000 - now) / 1000));
}
