/**
 * The scope table of spec part 5, and who gets which.
 * Mapping of scopes to endpoints: docs/scopes.md (and each route's OpenAPI `security`).
 */
export const SCOPES = {
  "remote-viewing:read": "Read your remote-viewing sessions and their results",
  "remote-viewing:write": "Create and manage remote-viewing sessions",
  "remote-viewing:delete": "Cancel remote-viewing sessions",
  "remote-viewing:admin": "Administer the service (system status)",
  "dowsing:read": "Read your dowsing, precognition and intuitive-analysis sessions and their results",
  "dowsing:write": "Create and manage dowsing, precognition and intuitive-analysis sessions",
  "dowsing:delete": "Cancel dowsing, precognition and intuitive-analysis sessions",
  "dowsing:admin": "Administer dowsing-family sessions across users",
  "analytics:read": "Read your usage statistics, billing and transaction history",
  "analytics:export": "Export your analytics data",
  "analytics:admin": "Read service-wide user analytics",
  profile: "Read and update your profile, webhooks, API keys and payment methods",
  email: "See your email address",
  "organizations:read": "Read your organizations",
  "organizations:write": "Manage your organizations",
} as const;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

const ADMIN_SCOPES: readonly Scope[] = ["remote-viewing:admin", "dowsing:admin", "analytics:admin"];
export const USER_SCOPES: readonly Scope[] = ALL_SCOPES.filter((s) => !ADMIN_SCOPES.includes(s));

export type Role = "user" | "admin";

/** The scopes a first-party login token carries for a user of this role. */
export function scopesForRole(role: Role): Scope[] {
  return role === "admin" ? [...ALL_SCOPES] : [...USER_SCOPES];
}

export function isScope(s: string): s is Scope {
  return Object.hasOwn(SCOPES, s);
}

/** Parse a space-separated scope string (RFC 6749 §3.3), keeping only known scopes. */
export function parseScopeString(s: string | undefined | null): Scope[] {
  if (!s) return [];
  return [...new Set(s.split(" ").filter(isScope))];
}
