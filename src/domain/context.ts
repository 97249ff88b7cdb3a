import type { Condition, KeyValues, Statement, StatementResult, Store } from "../db/store";
import type { Principal } from "./identity/principal";
import type { Ports } from "./ports";

/** The request id and client address an audit entry records. */
export interface RequestMeta {
  requestId: string;
  ip: string;
  /** The User-Agent header, as sent (a sign-in records only a summary of it). */
  userAgent?: string;
  /** The country Cloudflare reported for the request (ISO 3166-1 alpha-2), when it reported one. */
  country?: string;
}

/**
 * Who does the work: a caller with a principal, a caller not signed in (registration, sign-in,
 * public endpoints), or the service itself (a session
 * room's alarm, the webhook delivery consumer, the cron, the billing clock).
 */
export type Actor = { kind: "user"; principal: Principal } | { kind: "anonymous" } | { kind: "system"; name: string };

/**
 * One unit of work's context (ARCHITECTURE "Round three"): built once per request by
 * src/context/request.ts, or for a system actor by src/context/system.ts. Domain functions take
 * it first, `fn(ctx, input)`; they never see Bindings, drizzle or a socket.
 */
export interface Context {
  readonly actor: Actor;
  /** The D1 handle for db/ repositories (this request's D1 session, docs/consistency.md). */
  readonly db: Store;
  /** The KV handle for db/ repositories over KV. */
  readonly kv: KeyValues;
  /** Settings read once from configuration (src/context/config.ts). */
  readonly config: Config;
  /** The outside world, by interface; configuration picks each adapter (src/context/ports.ts). */
  readonly ports: Ports;
  /** The clock (tests pin it). */
  now(): number;
  readonly meta: RequestMeta;
  /**
   * Commits statements in one D1 batch: all or none (D1 has no interactive transactions). With an
   * `outcome`, the batch also carries what the unit of work must record with that result, written
   * only if `onlyIf` holds: a request's Idempotency-Key record (src/middleware/idempotency.ts), so
   * the work and its replayable answer commit together or not at all.
   */
  commit(statements: Statement[], outcome?: Outcome): Promise<StatementResult[]>;
}

/** The result a batch commits, and the condition that says the work happened (see Context.commit). */
export interface Outcome {
  result: unknown;
  onlyIf: Condition;
}

/** What a unit of work commits beside an outcome (set per request; see Context.commit). */
export type CommitAlongside = (outcome: Outcome) => Promise<Statement[]>;

/** A request's context once a credential authenticated it. */
export interface UserContext extends Context {
  readonly actor: { kind: "user"; principal: Principal };
  readonly principal: Principal;
}

/**
 * Configuration as the domain reads it: plain values, parsed from the environment once per
 * isolate (src/context/config.ts documents each variable).
 */
export interface Config {
  environment: "development" | "staging" | "production";
  /** The authorization server's address: the `iss` of every token we sign. */
  issuer: string;
  /** Where links in mail and redirects to the console point (the issuer unless set). */
  consoleOrigin: string;
  /** The WebAuthn relying party id (WebAuthn §5.1.4.1); the issuer's host unless set. */
  webauthnRpId: string;
  /** Emails that become administrators at registration (lower-cased). */
  adminEmails: readonly string[];
  /** "test" or "stripe" (docs/decisions.md, "Billing cycle"). */
  paymentGateway: string;
  /** Stripe's API address (tests point it at a local stub). */
  stripeApiBase: string;
  analyzerEngine: string;
  /** SESSION_HOT_WINDOW_SECONDS as configured (src/domain/sessions/archive.ts parses it). */
  sessionHotWindow?: string;
  /** "development", "cloudflare", or unset (by environment). */
  mailAdapter?: string;
  mailFrom?: string;
  mailFromName?: string;
  /** "true" lets webhooks reach loopback and private addresses (development only). */
  webhookAllowPrivateUrls: boolean;
  /** "skip" marks SSO email domains verified without the DNS TXT check (never in production). */
  ssoDomainVerification?: string;
  /** PBKDF2 iterations of new password hashes, as configured (tests lower it; bounded by the domain). */
  passwordHashIterations?: string;
  /**
   * Factors that scale time for tests and development, as configured: the domain parses and bounds
   * each and ignores them in production.
   */
  scales: Readonly<{
    analysisTime: string;
    rateLimitWindow: string;
    rateLimitQuota?: string;
    webhookRetry?: string;
    billingPeriod?: string;
    ldapTimeout?: string;
    healthProbeTimeout?: string;
  }>;
  /** Secrets set with `wrangler secret put` (src/env.ts documents each). */
  secrets: Readonly<{
    jwtPrivateKey?: string;
    jwtPreviousPublicKeys?: string;
    dataEncryptionKey?: string;
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
  }>;
}
