import { AsyncLocalStorage } from "node:async_hooks";

/**
 * D1 read replication through the Sessions API (docs/consistency.md). A
 * request that opens a session (`inSession`) sends every query it makes
 * through that session: reads may be served by a nearby replica no older
 * than the session's bookmark, writes go to the primary, and the session's
 * own reads see its own writes (sequential consistency within the session).
 *
 * The binding the app sees is a stable per-isolate wrapper (`sessionRouted`)
 * that picks the current request's session from an AsyncLocalStorage, so
 * everything keyed by the binding (the drizzle client, the coalesced
 * counters) is still built once per isolate, and code outside a session
 * (authentication, revocation checks, the Durable Object, the cron) talks to
 * the primary as before.
 */
const current = new AsyncLocalStorage<D1DatabaseSession>();
const wrappers = new WeakMap<D1Database, D1Database>();
const primaries = new WeakMap<D1Database, D1Database>();

export function sessionRouted(primary: D1Database): D1Database {
  const existing = wrappers.get(primary);
  if (existing) return existing;
  const target = () => current.getStore() ?? primary;
  const routed = {
    prepare: (query: string) => target().prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => target().batch<T>(statements),
    exec: (query: string) => primary.exec(query),
    dump: () => (primary as unknown as { dump(): Promise<ArrayBuffer> }).dump(),
    withSession: (constraint?: string) => primary.withSession(constraint as D1SessionConstraint),
  } as unknown as D1Database;
  wrappers.set(primary, routed);
  primaries.set(routed, primary);
  return routed;
}

/** The primary behind a routed binding (itself if not routed). */
const primaryOf = (d1: D1Database): D1Database => primaries.get(d1) ?? d1;

/**
 * Run `work` with every query of `d1` going through one D1 session, opened
 * at `constraint`: a client's bookmark, "first-unconstrained" (any replica)
 * or "first-primary". Returns the work's result and the session's bookmark
 * afterwards (the latest point it read or wrote).
 */
export function inSession<T>(
  d1: D1Database,
  constraint: string,
  work: () => Promise<T>,
): Promise<{ result: T; bookmark: string | null }> {
  const primary = primaryOf(d1);
  // A stand-in binding without the Sessions API (a test's fault injector) runs unchanged.
  if (typeof primary.withSession !== "function") return work().then((result) => ({ result, bookmark: null }));
  // Chained rather than awaited in an async function: every request runs through here, and each
  // async step costs CPU in workerd.
  try {
    const session = primary.withSession(constraint as D1SessionConstraint);
    return current.run(session, work).then((result) => ({ result, bookmark: session.getBookmark() }));
  } catch (err) {
    return Promise.reject(err);
  }
}
