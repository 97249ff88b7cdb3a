/**
 * The capacity model's inputs: the load mix (docs/scale.md's reference load, "1×") and what each
 * operation costs. Measured figures name the bench scenario or test that measures them; the others
 * are stated estimates, marked as such, until something measures them. `npm run capacity --
 * --costs file.json` / `--mix file.json` replace any of them (a JSON object of the same shape,
 * merged over these).
 */

/** The reference load: per second unless named otherwise. */
export interface LoadMix {
  name: string;
  /** API requests per second by operation. */
  requests: { getById: number; list: number; stats: number; create: number; other: number };
  /** WebSocket viewers at once, and how many of them watch the most-watched session. */
  viewers: number;
  viewersOfBusiestSession: number;
  /** How long a viewer stays on one session (its connect rate is viewers ÷ this). */
  viewerSeconds: number;
  /** Webhook events per session (created, started, completed or failed) and endpoints per event. */
  eventsPerSession: number;
  webhooksPerEvent: number;
  /** Credentials calling at once, and isolates each one's requests land on (the auth cache is per isolate). */
  activeCredentials: number;
  isolatesPerCredential: number;
  /** Share of requests acting for an organization (its membership is read on every request). */
  organizationShare: number;
  /** New users per day, and token refreshes and sign-ins per second. */
  registrationsPerDay: number;
  signInsPerSecond: number;
  /** Reads of an archived session (the Session by id, its analysis, its history: each reads its object) per second. */
  archivedReadsPerSecond: number;
}

export const REFERENCE_LOAD: LoadMix = {
  name: "docs/scale.md reference load (1×)",
  // 100 API requests/s: 80 reads by id or list pages, 5 creations, 5 stats, 10 other.
  requests: { getById: 60, list: 20, stats: 5, create: 5, other: 10 },
  viewers: 1_000,
  viewersOfBusiestSession: 1_000,
  viewerSeconds: 60,
  eventsPerSession: 2.5,
  // Estimate: half the sessions' accounts have an endpoint subscribed to their events.
  webhooksPerEvent: 0.5,
  // Estimate: "one busy tenant" — 50 credentials at 2 requests/s each.
  activeCredentials: 50,
  isolatesPerCredential: 2,
  organizationShare: 0.5,
  // Estimate: 36,500 new users a year, some 700 times the credentials calling at once.
  registrationsPerDay: 100,
  signInsPerSecond: 1,
  archivedReadsPerSecond: 2,
};

/** D1 work of one operation on one database. */
export interface D1Work {
  /** Statements (a batch counts each of its statements). */
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** Whether the statements run on the primary (writes, and reads that must see the latest state). */
  onPrimary: boolean;
}

export interface OperationCost {
  shard?: D1Work;
  directory?: D1Work;
  /** Workers CPU per operation (ms). */
  cpuMs: number;
  doRequests: number;
  queueMessages: number;
  analyticsPoints: number;
  r2ClassA?: number;
  r2ClassB?: number;
  source: string;
}

export interface Costs {
  /** Primary time per statement (ms): D1's guidance of about 1 ms per query (docs/scale.md). */
  statementMs: number;
  operations: {
    getById: OperationCost;
    list: OperationCost;
    stats: OperationCost;
    create: OperationCost;
    other: OperationCost;
    /** A session's life after its creation: its room's steps and its archiving. */
    sessionLife: OperationCost;
    /** A webhook event (eventsPerSession each) and a delivery of it (webhooksPerEvent each). */
    event: OperationCost;
    delivery: OperationCost;
    /** A credential's check on the directory's primary when the isolate's 5 s cache has none. */
    authCheck: OperationCost;
    /** An organization membership read (every request acting for an organization). */
    membership: OperationCost;
    registration: OperationCost;
    signIn: OperationCost;
    viewerConnect: OperationCost;
    archivedRead: OperationCost;
  };
  bytes: {
    /** D1 bytes of a session during its hot window (row, indexes, history, ledger entry, rollup share). */
    d1PerSessionHot: number;
    /** D1 bytes of an ended session once its content is in R2. */
    d1PerSessionArchived: number;
    /** Days an ended session stays whole in D1 before its content moves to R2. */
    hotDays: number;
    /** D1 bytes of one webhook delivery (the signed body kept for retries and replays, its attempts). */
    d1PerDelivery: number;
    /** R2 bytes of one archived session. */
    r2PerSession: number;
    /** Directory bytes per user (user row, account, factors, tokens at steady state). */
    directoryPerUser: number;
    /** The data of today's single database, split over the shards at the start. */
    startingAccountBytes: number;
    startingDirectoryBytes: number;
    startingUsers: number;
  };
  /** KV: Class A operations (a write and a list) per rate-limit sync, one per (isolate, caller, window) per second. */
  kvClassAPerSync: number;
  /** Durable Object wall time awake per request (s) and memory (GB), for duration. */
  doAwakeSeconds: number;
  doMemoryGb: number;
  /** The cron's per-shard statements each minute (sweeps, checks, purges: the fan-out's query count). */
  cronStatementsPerShard: number;
}

const shardRead = (statements: number, rowsRead: number): D1Work => ({
  statements,
  rowsRead,
  rowsWritten: 0,
  onPrimary: false,
});

export const MEASURED_COSTS: Costs = {
  statementMs: 1,
  operations: {
    getById: {
      shard: shardRead(1, 1),
      cpuMs: 2.2,
      doRequests: 0,
      queueMessages: 0,
      analyticsPoints: 1,
      source: "bench reads (docs/performance.md): 1 row, 1 statement; CPU the app's share over the bare one-read route",
    },
    list: {
      shard: shardRead(2, 21),
      cpuMs: 3,
      doRequests: 0,
      queueMessages: 0,
      analyticsPoints: 1,
      source: "bench lists: 21 rows, 2 statements (10k–1M rows in the table)",
    },
    stats: {
      shard: shardRead(3, 29),
      cpuMs: 3,
      doRequests: 0,
      queueMessages: 0,
      analyticsPoints: 1,
      source: "bench stats: a year of a user with API calls every day, 29 rows, 3 statements",
    },
    create: {
      shard: { statements: 5, rowsRead: 6, rowsWritten: 8, onPrimary: true },
      cpuMs: 8,
      // The scheduler shard's record of the pending session.
      doRequests: 1,
      queueMessages: 0,
      analyticsPoints: 1,
      source:
        "bench create + test/db/session-writes.test.ts: 6 rows read, 7 written (8 with an Idempotency-Key), one batch of 5 statements",
    },
    other: {
      shard: { statements: 2, rowsRead: 3, rowsWritten: 0.5, onPrimary: false },
      directory: { statements: 0.5, rowsRead: 1, rowsWritten: 0.2, onPrimary: false },
      cpuMs: 3,
      doRequests: 0,
      queueMessages: 0,
      analyticsPoints: 1,
      source: "estimate: profile, billing and key pages (not benched)",
    },
    sessionLife: {
      shard: { statements: 6, rowsRead: 6, rowsWritten: 45, onPrimary: true },
      cpuMs: 38,
      // Scheduler alarm, room start, four step alarms.
      doRequests: 6,
      queueMessages: 0,
      analyticsPoints: 2,
      // Archived once: written, then read back to verify before D1 lets go of the content.
      r2ClassA: 1,
      r2ClassB: 1,
      source: "docs/scale.md (a life's 6 updates, ~45 rows with triggers); bench session life: 38 CPU ms",
    },
    event: {
      shard: { statements: 1, rowsRead: 1, rowsWritten: 0, onPrimary: false },
      cpuMs: 1,
      doRequests: 0,
      queueMessages: 1,
      analyticsPoints: 0,
      source: "src/webhook-delivery/consumer.ts: the event message, fanned out to its endpoints",
    },
    delivery: {
      // The delivery row, then its attempt and status (src/domain/webhooks/delivery-state.ts).
      shard: { statements: 3, rowsRead: 2, rowsWritten: 5, onPrimary: true },
      cpuMs: 3,
      doRequests: 0,
      queueMessages: 1,
      analyticsPoints: 1,
      source: "estimate from the consumer's statements: insert, attempt, status (indexes included)",
    },
    authCheck: {
      directory: { statements: 1.5, rowsRead: 1.5, rowsWritten: 0, onPrimary: true },
      cpuMs: 0,
      doRequests: 0,
      queueMessages: 0,
      analyticsPoints: 0,
      source:
        "src/domain/identity/authenticate.ts: the sign-in session's revocation (and an OAuth client's), 5 s cache",
    },
    membership: {
      directory: { statements: 1, rowsRead: 2, rowsWritten: 0, onPrimary: true },
      cpuMs: 0,
      doRequests: 0,
      queueMessages: 0,
      analyticsPoints: 0,
      source:
        "src/domain/organizations/access.ts: read on every request acting for an organization, before the D1 session",
    },
    registration: {
      directory: { statements: 6, rowsRead: 4, rowsWritten: 10, onPrimary: true },
      shard: { statements: 2, rowsRead: 1, rowsWritten: 3, onPrimary: true },
      cpuMs: 15,
      doRequests: 1,
      queueMessages: 0,
      analyticsPoints: 1,
      source: "estimate: user, placement, verification, refresh token, mail (directory); the billing account (shard)",
    },
    signIn: {
      directory: { statements: 3, rowsRead: 3, rowsWritten: 4, onPrimary: true },
      cpuMs: 5,
      doRequests: 0,
      queueMessages: 0,
      analyticsPoints: 1,
      source: "estimate: refresh rotation (the used token, the new one, its index entries)",
    },
    viewerConnect: {
      shard: shardRead(1, 1),
      cpuMs: 3,
      doRequests: 1,
      queueMessages: 0,
      analyticsPoints: 1,
      source: "the WebSocket upgrade: the session read, then the room (the socket hibernates after)",
    },
    archivedRead: {
      shard: shardRead(1, 1),
      cpuMs: 3,
      doRequests: 0,
      queueMessages: 0,
      analyticsPoints: 1,
      r2ClassB: 1,
      source: "estimate: the row, then the object",
    },
  },
  // Measured by test/db/session-storage.test.ts (`npm run bench`, scenario storage): 2.13–2.20 KB hot,
  // 737–770 B archived (its ledger entry and index entries included: issue 46's 0.8 KB target met, the
  // row slimmed, its other columns in the object); the hot window as its default
  // (SESSION_HOT_WINDOW_SECONDS, a day). R2 bytes: estimate (the deflated object, the row's moved columns in it).
  bytes: {
    d1PerSessionHot: 2_200,
    d1PerSessionArchived: 770,
    hotDays: 1,
    d1PerDelivery: 1_300,
    r2PerSession: 1_000,
    directoryPerUser: 3_000,
    startingAccountBytes: 1e9,
    startingDirectoryBytes: 0.2e9,
    startingUsers: 50_000,
  },
  kvClassAPerSync: 4,
  doAwakeSeconds: 0.05,
  doMemoryGb: 0.128,
  cronStatementsPerShard: 8,
};
