import type { SendEmailBinding } from "./adapters/mail/cloudflare";
import type { BillingClock } from "./durable-objects/billing-clock/billing-clock";
import type { SessionRoom } from "./durable-objects/session-room/session-room";
import type { SessionScheduler } from "./durable-objects/session-scheduler/session-scheduler";

/** Bindings declared in wrangler.toml (and secrets set with `wrangler secret put`). */
export interface Bindings {
  /** The directory (identity and placements) and shard 0 (docs/scale.md "Shards"). */
  DB: D1Database;
  /**
   * Shards 1…N−1: `SHARD_1`, `SHARD_2`, … with no gap (src/context/shards.ts). Adding one is
   * configuration only: a D1 binding here and in wrangler.toml, created by `npm run deploy:setup`.
   */
  [shard: `SHARD_${number}`]: D1Database | undefined;
  /**
   * Optional: each shard's weight for new accounts, comma-separated in shard order ("1,1,3"; unset
   * = 1 each). 0 places no new account there; a missing entry is 1 (src/context/shards.ts).
   */
  SHARD_WEIGHTS?: string;
  KV: KVNamespace;
  /**
   * R2 bucket of ended sessions' content once their hot window passed: one object per session
   * (src/adapters/archive/r2.ts, docs/storage.md "Session archive").
   */
  ARCHIVE: R2Bucket;
  /**
   * Optional: seconds an ended session's content stays in D1 before the cron moves it to ARCHIVE
   * (unset = 86,400, a day: docs/decisions.md "Session archive"). Tests set 0.
   */
  SESSION_HOT_WINDOW_SECONDS?: string;
  SESSION_ROOM: DurableObjectNamespace<SessionRoom>;
  SESSION_SCHEDULER: DurableObjectNamespace<SessionScheduler>;
  BILLING_CLOCK: DurableObjectNamespace<BillingClock>;
  WEBHOOK_QUEUE: Queue<unknown>;
  /** Cloudflare Email Service (`send_email` binding) where MAIL_ADAPTER is "cloudflare" (src/adapters/mail). */
  EMAIL?: SendEmailBinding;
  /**
   * Workers Analytics Engine dataset of the operator's figures (src/adapters/metrics/, docs/operations.md).
   * Bound in every environment; locally wrangler's simulator accepts and drops the points.
   */
  METRICS?: AnalyticsEngineDataset;
  /** The console's built files and the docs renderer (Workers Static Assets, console/dist). */
  ASSETS?: Fetcher;

  ENVIRONMENT: "development" | "staging" | "production";
  /** The authorization server address; the `iss` of every token we sign. */
  AUTH_ISSUER: string;
  /**
   * The console's origin (scheme://host), where links in mail and redirects to the console point. The
   * console is this Worker's static assets, so it equals AUTH_ISSUER; the deploy scripts derive both from
   * the hostname, and staging/production refuse a value that differs. Unset (development) = AUTH_ISSUER:
   * read it with consoleOrigin() (src/context/address.ts).
   */
  CONSOLE_ORIGIN?: string;
  /**
   * The WebAuthn relying party id (WebAuthn §5.1.4.1): the served hostname or a parent domain of it.
   * Set by the deploy scripts in staging and production; unset in development = the issuer's host
   * (webauthnRpId()).
   */
  WEBAUTHN_RP_ID?: string;
  /**
   * The sender of the service's mail (`name@domain` or `Name <name@domain>`), at the served host or a
   * parent domain (any domain on workers.dev). Set by the deploy scripts in staging and production;
   * unset in development, whose mail goes to the development outbox.
   */
  MAIL_FROM?: string;
  /** Comma-separated emails that become admins at registration. */
  ADMIN_EMAILS: string;
  ANALYSIS_TIME_SCALE: string;
  WEBHOOK_ALLOW_PRIVATE_URLS: string;
  /** "test" (built-in test mode; refused in production) or "stripe" (docs/decisions.md, "Billing cycle"). */
  PAYMENT_GATEWAY: string;
  /** Optional: Stripe's API address (default https://api.stripe.com); tests point it at a local stub. */
  STRIPE_API_BASE?: string;
  ANALYZER_ENGINE: string;
  /** A factor (> 0) on every rate-limit window's length, for tests (1 = real minutes and days; ignored in production). */
  RATE_LIMIT_WINDOW_SCALE: string;
  /** Optional, development and tests only: a factor (≥ 1) on what every rate-limit window allows (ignored in production). */
  RATE_LIMIT_QUOTA_SCALE?: string;
  /** Optional, tests only: multiplies the webhook retry schedule (0 < x ≤ 1; ignored in production). */
  WEBHOOK_RETRY_SCALE?: string;
  /** Optional: a factor on billing period, trial and dunning lengths (default 1; ignored in production). */
  BILLING_PERIOD_SCALE?: string;

  /** Optional: "development" (the KV outbox; refused in production) or "cloudflare" (the EMAIL binding); unset = by ENVIRONMENT. */
  MAIL_ADAPTER?: string;
  /** Optional: the sender's display name. */
  MAIL_FROM_NAME?: string;

  /** Optional, never in production: "skip" marks SSO email domains verified without the DNS TXT check. */
  SSO_DOMAIN_VERIFICATION?: string;
  /** Optional, tests only: a factor in (0, 1] on the LDAP network timeout (ignored in production). */
  SSO_LDAP_TIMEOUT_SCALE?: string;
  /** Optional, tests only: a factor in (0, 1] on the admin status probes' 2 s timeout (ignored in production). */
  HEALTH_PROBE_TIMEOUT_SCALE?: string;
  /** Optional: "off" stops the per-request JSON log line (the test pool's setting; ignored in production). */
  REQUEST_LOG?: string;
  /** Optional, tests only: PBKDF2 iterations of new password hashes, 1..100,000 (ignored in production). */
  PASSWORD_HASH_ITERATIONS?: string;

  /** Secret: the ES256 private signing key as a JWK JSON string (with `kid`). */
  JWT_PRIVATE_KEY?: string;
  /** Secret (optional): JSON array of retired public JWKs still accepted while their tokens live. */
  JWT_PREVIOUS_PUBLIC_KEYS?: string;
  /** Secret: base64 of 32 random bytes, the AES-256-GCM key for data stored encrypted (webhook secrets). */
  DATA_ENCRYPTION_KEY?: string;
  /** Secret (PAYMENT_GATEWAY=stripe): the Stripe secret key `sk_…` (or a restricted `rk_…`). */
  STRIPE_SECRET_KEY?: string;
  /** Secret (PAYMENT_GATEWAY=stripe): the webhook endpoint's signing secret `whsec_…`; several comma-separated while rotating. */
  STRIPE_WEBHOOK_SECRET?: string;
}
