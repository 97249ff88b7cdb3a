import type { KeyValues, Statement, StatementResult, Store } from "../db/store";
import type { Config } from "./config";
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
  /**
   * The account shards (docs/scale.md "Shards"): `db` is the directory; an account's tables are on
   * its shard. Reach them through src/domain/shards/accounts.ts (the shard of an id, of an owner).
   */
  readonly shards: Shards;
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
   * Commits the statements a use case lists in one D1 batch: all or none (D1 has no interactive
   * transactions). The use case lists everything it writes, an Idempotency-Key record it was handed
   * included (src/domain/idempotency/records.ts RecordResult), so nothing else writes beside it.
   */
  commit(statements: Statement[]): Promise<StatementResult[]>;
}

/** The account shards of one deployment, by number (0 is `db`'s database, the directory's). */
export interface Shards {
  /** Each shard's weight for a new account (SHARD_WEIGHTS; 0 takes none). */
  readonly weights: readonly number[];
  /** Shard `n`'s database; undefined when no shard `n` is bound (an id naming it names nothing here). */
  db(n: number): Store | undefined;
  /** Context.commit, on shard `n`'s database. */
  commit(n: number, statements: Statement[]): Promise<StatementResult[]>;
}

/** A request's context once a credential authenticated it. */
export interface UserContext extends Context {
  readonly actor: { kind: "user"; principal: Principal };
  readonly principal: Principal;
}
