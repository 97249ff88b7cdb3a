import type { RateLimitStore } from "./limits/rate-limiter";

/**
 * The outside world as the domain names it (ARCHITECTURE "Round three", ports and adapters): each
 * area declares the interfaces it needs beside its rules; src/context/ports.ts builds the adapters
 * (src/adapters/) configuration picks. A port is read when used, so a request pays only for those.
 */
export interface Ports {
  /** The rate limits' counters (src/domain/limits/rate-limiter.ts). */
  readonly rateLimits: RateLimitStore;
}
