import type { DependencyProbes } from "./admin/ports";
import type { ClientMetadataDocuments } from "./identity/oauth/ports";
import type { RateLimitStore } from "./limits/rate-limiter";
import type { Mailer } from "./mail/ports";

/**
 * The outside world as the domain names it (ARCHITECTURE "Round three", ports and adapters): each
 * area declares the interfaces it needs beside its rules; src/context/ports.ts builds the adapters
 * (src/adapters/) configuration picks. A port is read when used, so a request pays only for those.
 */
export interface Ports {
  // platform: the rate limits' counters (src/domain/limits/rate-limiter.ts).
  readonly rateLimits: RateLimitStore;
  // OAuth server
  readonly clientMetadata: ClientMetadataDocuments;
  // accounts/mail: the Mailer configuration picks (src/adapters/mail); null when none can send.
  readonly mailer: Mailer | null;
  // accounts/admin: what the system-status page probes (src/adapters/probes).
  readonly probes: DependencyProbes;
}
