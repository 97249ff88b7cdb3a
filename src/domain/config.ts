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
  /** Secrets set with `wrangler secret put` (src/bindings.ts documents each). */
  secrets: Readonly<{
    jwtPrivateKey?: string;
    jwtPreviousPublicKeys?: string;
    dataEncryptionKey?: string;
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
  }>;
}
