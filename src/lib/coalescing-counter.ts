/**
 * Counts increments per key inside one isolate and writes them out at most
 * once per `delayMs` per key, off the request path (waitUntil): the first
 * increment schedules a flush, later ones ride along. Turns "a store write per
 * request" into "a store write per key per interval". Counts still pending
 * when an isolate is evicted are lost (bounded by one interval of traffic).
 */
export class CoalescingCounter {
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly delayMs: number,
    private readonly flush: (key: string, count: number) => Promise<void>,
  ) {}

  add(key: string, count: number, waitUntil: (p: Promise<unknown>) => void): void {
    const scheduled = this.pending.has(key);
    this.pending.set(key, (this.pending.get(key) ?? 0) + count);
    if (scheduled) return;
    waitUntil(
      (async () => {
        await new Promise((r) => setTimeout(r, this.delayMs));
        const total = this.pending.get(key) ?? 0;
        this.pending.delete(key);
        try {
          await this.flush(key, total);
        } catch (err) {
          console.error(JSON.stringify({ msg: "coalesced count not written", key, count: total, error: String(err) }));
        }
      })(),
    );
  }

  /** Increments not yet written (for read-your-writes within this isolate). */
  unwritten(key: string): number {
    return this.pending.get(key) ?? 0;
  }
}
