/**
 * What the system-status page (src/domain/admin/system-status.ts) probes beyond the database and
 * the cache, as the domain names it; src/adapters/probes implements it over the bindings.
 */
export interface DependencyProbes {
  /** The configured analyzer engine answers a real self-check (src/analysis/self-check.ts). */
  analyzer(): Promise<void>;
  /** A real message on the webhook queue; its consumer acknowledges probes without delivering. */
  queue(): Promise<void>;
}
