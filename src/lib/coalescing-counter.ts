/**
 * Counts increments per key inside one isolate and writes them out at most
 * once per `delayMs` per key, off the request path (waitUntil): the first
 * increment schedules a flush, later ones ride along. Turns "a store write per
 * request" into "a store write per key per interval". Counts still pending
 * when an isolate is evicted are lost (bounded by one interval of traffic).
 *
 * The pending counts are shared by every request the isolate serves, so they
 * are plain numbers: no request awaits a promise another request created
 * (workerd refuses I/O on behalf of another request). A flush runs in the
 * waitUntil of the request that scheduled it and takes the key's count in one
 * synchronous step, so each increment is written exactly once. A flush that
 * has not run by its deadline is presumed lost with its request (a waitUntil
 * cut short), and the next increment schedules another rather than leaving
 * the key's counts in memory for good.
 */
const FLUSH_DEADLINE_MS = 30_000;

interface Pending {
  count: number;
  /** After this, the scheduled flush is presumed lost. */
  flushBy: number;
}

export class CoalescingCounter {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly delayMs: number,
    private readonly flush: (key: string, count: number) => Promise<void>,
  ) {}

  add(key: string, count: number, waitUntil: (p: Promise<unknown>) => void): void {
    const now = Date.now();
    const entry = this.pending.get(key);
    if (entry) {
      entry.count += count;
      if (now < entry.flushBy) return;
      entry.flushBy = now + this.delayMs + FLUSH_DEADLINE_MS;
    } else {
      this.pending.set(key, { count, flushBy: now + this.delayMs + FLUSH_DEADLINE_MS });
    }
    waitUntil(this.flushLater(key));
  }

  private async flushLater(key: string): Promise<void> {
    await new Promise((r) => setTimeout(r, this.delayMs));
    // Taken and removed with no await in between: whichever flush runs first writes the count, once.
    const total = this.pending.get(key)?.count ?? 0;
    this.pending.delete(key);
    if (total === 0) return;
    try {
      await this.flush(key, total);
    } catch (err) {
      console.error(JSON.stringify({ msg: "coalesced count not written", key, count: total, error: String(err) }));
    }
  }

  /** Increments not yet written (for read-your-writes within this isolate). */
  unwritten(key: string): number {
    return this.pending.get(key)?.count ?? 0;
  }
}
