import { KV_KEYS } from "../../db/kv-keys";
import type { WindowPolicy } from "../../domain/limits/policies";
import type {
  ConsumeOptions,
  Decision,
  PeekOptions,
  RateLimitStore,
  WindowState,
} from "../../domain/limits/rate-limiter";

/**
 * Fixed-window counters in KV, made as exact as KV allows (docs/decisions.md,
 * "Rate limits"):
 *
 * - Within an isolate counting is exact: the counter lives in memory and the
 *   check-and-increment runs without an await in between, so concurrent
 *   requests cannot both take the last unit.
 * - KV allows about one write per second per key, so each isolate writes only
 *   its own shard `rl:<key>:<window>:<start>:<isolate>` (count in metadata),
 *   at most once a second, off the request path (waitUntil). Never one KV
 *   write per request.
 * - The other isolates' shards are summed with one `list` (metadata holds the
 *   counts, so no per-shard reads) when a window is first seen and after each
 *   sync. At the edge they are seen late by up to the sync interval plus KV's
 *   propagation delay; that is the documented slack.
 * - The counters are shared by every request the isolate serves, so they hold
 *   plain numbers only: no request awaits a promise another request created
 *   (workerd refuses I/O on behalf of another request, and that request may
 *   have ended). The request that first sees a window reads the shards itself;
 *   requests arriving meanwhile count with what is known so far (other
 *   isolates' counts, late by one `list`, within the slack above). A sync runs
 *   in the waitUntil of the request that scheduled it; one that has not
 *   finished by its deadline is presumed lost with its request and the next
 *   request schedules another.
 */
/** This isolate's shard id, drawn on first use: workerd forbids random values in global scope. */
let isolateId: string | undefined;
const isolate = () => (isolateId ??= crypto.randomUUID().slice(0, 8));
const SYNC_INTERVAL_MS = 1_000;
/** A sync still running this long after it was due is presumed lost (its request ended without it). */
const SYNC_DEADLINE_MS = 30_000;
const KV_MIN_TTL = 60;

interface Counter {
  others: number;
  mine: number;
  synced: number;
  lastSync: number;
  /** The newest scheduled sync; an older one that wakes late sees it was superseded and does nothing. */
  syncGeneration: number;
  /** While a scheduled sync may still run: until then no other is scheduled. 0 = none pending. */
  syncPendingUntil: number;
  expires: number;
}

const counters = new Map<string, Counter>();

/** The rate-limit store over KV (the port RateLimitStore, src/domain/limits/rate-limiter.ts). */
export class KvRateLimitStore implements RateLimitStore {
  constructor(private readonly kv: KVNamespace) {}

  async consume(key: string, windows: WindowPolicy[], cost: number, options: ConsumeOptions): Promise<Decision> {
    const { now } = options;
    // Counters this isolate already holds are taken without an await (the common case: one per window).
    const loaded = this.known(key, windows, now) ?? (await Promise.all(windows.map((w) => this.counter(key, w, now))));
    // No await from here to the increment: the check and the count are atomic in this isolate.
    const over = windows.some((w, i) => loaded[i]!.others + loaded[i]!.mine + cost > w.limit);
    const allowed = !over;
    if (allowed || options.force) for (const c of loaded) c.mine += cost;
    const decision = this.decide(windows, loaded, now, allowed);
    for (const [i, w] of windows.entries()) this.scheduleSync(key, w, now, loaded[i]!, options.defer);
    return decision;
  }

  async peek(key: string, windows: WindowPolicy[], options: PeekOptions): Promise<Decision> {
    const { now } = options;
    const loaded = this.known(key, windows, now) ?? (await Promise.all(windows.map((w) => this.counter(key, w, now))));
    const allowed = windows.every((w, i) => loaded[i]!.others + loaded[i]!.mine < w.limit);
    return this.decide(windows, loaded, now, allowed);
  }

  private decide(windows: WindowPolicy[], loaded: Counter[], now: number, allowed: boolean): Decision {
    const states: WindowState[] = windows.map((w, i) => ({
      policy: w,
      remaining: Math.max(0, w.limit - loaded[i]!.others - loaded[i]!.mine),
      reset: secondsUntilReset(now, w.seconds),
    }));
    const retryAfter = allowed ? 0 : Math.max(1, ...states.filter((s) => s.remaining <= 0).map((s) => s.reset));
    return { allowed, windows: states, retryAfter };
  }

  private prefix(key: string, w: WindowPolicy, now: number) {
    return `${KV_KEYS.rateLimit}${key}:${w.name}:${windowStart(now, w.seconds)}:`;
  }

  /** Every window's counter if this isolate has them all, else undefined (one must be read first). */
  private known(key: string, windows: WindowPolicy[], now: number): Counter[] | undefined {
    const out: Counter[] = [];
    for (const w of windows) {
      const c = counters.get(this.prefix(key, w, now));
      if (!c) return undefined;
      out.push(c);
    }
    return out;
  }

  private async counter(key: string, w: WindowPolicy, now: number): Promise<Counter> {
    const id = this.prefix(key, w, now);
    const known = counters.get(id);
    if (known) return known;
    sweep(now);
    const c: Counter = {
      others: 0,
      mine: 0,
      synced: 0,
      lastSync: 0,
      syncGeneration: 0,
      syncPendingUntil: 0,
      expires: windowStart(now, w.seconds) + w.seconds * 1000,
    };
    // Set before the read, so concurrent requests share this counter instead of each starting one.
    counters.set(id, c);
    await this.refreshOthers(id, c);
    return c;
  }

  private async refreshOthers(prefix: string, c: Counter): Promise<void> {
    try {
      let others = 0;
      let cursor: string | undefined;
      do {
        const page: KVNamespaceListResult<{ count?: number }> = await this.kv.list<{ count?: number }>({
          prefix,
          ...(cursor ? { cursor } : {}),
        });
        for (const k of page.keys) if (!k.name.endsWith(`:${isolate()}`)) others += k.metadata?.count ?? 0;
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
      c.others = others;
    } catch (err) {
      // Fail open: a KV outage must not take the API down; this isolate keeps counting exactly.
      console.warn(JSON.stringify({ msg: "rate-limit shard read failed", error: String(err) }));
    }
  }

  /**
   * At most one pending sync per counter: it waits until a second has passed
   * since the last write, then writes whatever this isolate has counted by
   * then. Every count reaches KV within about a second, with one write per
   * second per shard however many requests arrive.
   */
  private scheduleSync(key: string, w: WindowPolicy, now: number, c: Counter, defer: ConsumeOptions["defer"]) {
    const realNow = Date.now();
    if (c.mine === c.synced || realNow < c.syncPendingUntil) return;
    const prefix = this.prefix(key, w, now);
    const wait = Math.max(0, c.lastSync + SYNC_INTERVAL_MS - realNow);
    const generation = ++c.syncGeneration;
    c.syncPendingUntil = realNow + wait + SYNC_DEADLINE_MS;
    const current = () => c.syncGeneration === generation;
    defer(
      (async () => {
        try {
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          if (!current()) return;
          const count = c.mine;
          const ttl = Math.max(KV_MIN_TTL, Math.ceil((c.expires - Date.now()) / 1000) + KV_MIN_TTL);
          await this.kv.put(`${prefix}${isolate()}`, "", { metadata: { count }, expirationTtl: ttl });
          if (!current()) return;
          c.synced = count;
          c.lastSync = Date.now();
          await this.refreshOthers(prefix, c);
        } catch (err) {
          console.warn(JSON.stringify({ msg: "rate-limit sync failed", error: String(err) }));
        } finally {
          if (current()) c.syncPendingUntil = 0;
        }
      })(),
    );
  }
}

/** Drop counters of windows that have ended, so the map stays small. */
function sweep(now: number) {
  if (counters.size < 1_000) return;
  for (const [id, c] of counters) if (c.expires <= now && c.syncPendingUntil === 0) counters.delete(id);
}

/** Fixed windows aligned to the epoch: [start, start + seconds). */
function windowStart(now: number, seconds: number): number {
  const ms = seconds * 1000;
  return Math.floor(now / ms) * ms;
}

function secondsUntilReset(now: number, seconds: number): number {
  return Math.max(1, Math.ceil((windowStart(now, seconds) + seconds * 1000 - now) / 1000));
}
