import type { Metrics } from "../adapters/metrics";
import type { DependencyProbes } from "./admin/ports";
import type { BillingPorts } from "./billing/ports";
import type { ClientMetadataDocuments } from "./identity/oauth/ports";
import type { Directory, DnsResolver, IdentityProviderHttp } from "./identity/sso/ports";
import type { RateLimitStore } from "./limits/rate-limiter";
import type { Mailer } from "./mail/ports";
import type { SessionArchive, SessionPorts } from "./sessions/ports";
import type { WebhookQueue } from "./webhooks/ports";

/**
 * The outside world as the domain names it (ARCHITECTURE "Round three", ports and adapters): each
 * area declares the interfaces it needs beside its rules; src/context/ports.ts builds the adapters
 * (src/adapters/) configuration picks. A port is read when used, so a request pays only for those.
 */
// billing: the payment gateway and the billing clocks (src/domain/billing/ports.ts)
export interface Ports extends BillingPorts {
  // platform: the rate limits' counters (src/domain/limits/rate-limiter.ts).
  readonly rateLimits: RateLimitStore;
  // OAuth server
  readonly clientMetadata: ClientMetadataDocuments;
  // accounts/mail: the Mailer configuration picks (src/adapters/mail); null when none can send.
  readonly mailer: Mailer | null;
  // accounts/admin: what the system-status page probes (src/adapters/probes).
  readonly probes: DependencyProbes;
  // --- sso ---
  /** TXT lookups for SSO domain verification. */
  readonly dns: DnsResolver;
  /** LDAP directories for directory sign-in. */
  readonly directory: Directory;
  /** OpenID Providers' discovery, JWKS and token endpoints for OIDC sign-in. */
  readonly identityProviders: IdentityProviderHttp;
  // --- end sso ---
  // organizations and webhooks
  /** The webhook queue: events to fan out, deliveries to attempt. */
  readonly webhookQueue: WebhookQueue;
  // sessions area
  /** Session rooms and scheduler shards (src/domain/sessions/ports.ts). */
  readonly sessions: SessionPorts;
  /** Ended sessions' content past its hot window (an R2 bucket). */
  readonly archive: SessionArchive;
  // operations: the operator's figures and alerts (src/adapters/metrics, docs/operations.md "Metrics").
  readonly metrics: Metrics;
}
