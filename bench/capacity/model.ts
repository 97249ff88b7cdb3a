import type { Costs, D1Work, LoadMix, OperationCost } from "./inputs";
import { LIMITS, PRICES } from "./platform";

/**
 * The capacity model (docs/scale.md "Capacity"): a load mix at a scale, what each operation costs,
 * and Cloudflare's limits give, for each limit, the load on it after `days`, the headroom left and
 * when it is reached, and what a month costs. Account data is spread over as many shards as its
 * size and its writer time need with `headroom` to spare (adding shards is configuration only,
 * src/context/shards.ts); everything else is held as it is.
 */
export interface ProjectionInput {
  mix: LoadMix;
  costs: Costs;
  scale: number;
  days: number;
  headroom: number;
}

interface LimitRow {
  limit: string;
  /** What the limit allows, as printed. */
  capacity: string;
  /** The load on it at the start and after `days`, as printed. */
  start: string;
  end: string;
  /** Capacity ÷ load after `days` (Infinity when nothing leans on it). */
  headroom: number;
  /** When it is reached at this scale with this many shards, as printed. */
  reached: string;
  /** Independent of the load (held by construction): reported, not judged by headroom. */
  byConstruction?: boolean;
  /**
   * A limit Cloudflare raises on request (no code or configuration of ours): judged by the raise
   * it needs, `raiseTo`, not by headroom.
   */
  raiseTo?: string;
}

interface CostRow {
  item: string;
  quantity: string;
  dollars: number;
}

export interface Projection {
  scale: number;
  days: number;
  headroom: number;
  /** Account shards needed (at least two: every deployment runs two or more). */
  shards: number;
  shardsForSize: number;
  shardsForWriter: number;
  /** The shards needed by each of these days: when to add them (configuration only). */
  schedule: Array<{ day: number; shards: number }>;
  limits: LimitRow[];
  costs: CostRow[];
  monthlyDollars: number;
  /** Every load-driven limit keeps at least `headroom` after `days` (with the raises asked for). */
  pass: boolean;
}

const DAY = 86_400;
const MONTH = 30 * DAY;
const OPS = ["getById", "list", "stats", "create", "other"] as const;

/** Operations per second at the scale, each with its cost. */
function rates({ mix, costs, scale }: ProjectionInput): Array<{ rate: number; cost: OperationCost }> {
  const o = costs.operations;
  const requests = OPS.reduce((sum, op) => sum + mix.requests[op], 0) * scale;
  const sessions = mix.requests.create * scale;
  // A credential's check reaches the directory's primary once per isolate per 5 s at most.
  const authChecks = Math.min(requests, (mix.activeCredentials * scale * mix.isolatesPerCredential) / 5);
  return [
    ...OPS.map((op) => ({ rate: mix.requests[op] * scale, cost: o[op] })),
    { rate: sessions, cost: o.sessionLife },
    { rate: sessions * mix.eventsPerSession, cost: o.event },
    { rate: sessions * mix.eventsPerSession * mix.webhooksPerEvent, cost: o.delivery },
    { rate: authChecks, cost: o.authCheck },
    { rate: requests * mix.organizationShare, cost: o.membership },
    { rate: (mix.registrationsPerDay * scale) / DAY, cost: o.registration },
    { rate: mix.signInsPerSecond * scale, cost: o.signIn },
    { rate: (mix.viewers * scale) / mix.viewerSeconds, cost: o.viewerConnect },
    { rate: mix.archivedReadsPerSecond * scale, cost: o.archivedRead },
  ];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const d1 = (ops: ReturnType<typeof rates>, pick: (c: OperationCost) => D1Work | undefined) => ({
  primaryStatements: sum(ops.map(({ rate, cost }) => (pick(cost)?.onPrimary ? rate * pick(cost)!.statements : 0))),
  rowsRead: sum(ops.map(({ rate, cost }) => rate * (pick(cost)?.rowsRead ?? 0))),
  rowsWritten: sum(ops.map(({ rate, cost }) => rate * (pick(cost)?.rowsWritten ?? 0))),
});

/** Account data (all shards) after `t` days at `sessions` creations per second. */
function accountBytes(costs: Costs, mix: LoadMix, sessions: number, t: number): number {
  const b = costs.bytes;
  const perDay = sessions * DAY;
  const lasting = b.d1PerSessionArchived + mix.eventsPerSession * mix.webhooksPerEvent * b.d1PerDelivery;
  return (
    b.startingAccountBytes +
    perDay * t * lasting +
    perDay * Math.min(t, b.hotDays) * (b.d1PerSessionHot - b.d1PerSessionArchived)
  );
}

/** The first day (to a tenth) on which `bytesAt(day)` exceeds `capacity`, or undefined within ten years. */
function dayReached(bytesAt: (day: number) => number, capacity: number): number | undefined {
  if (bytesAt(0) >= capacity) return 0;
  let lo = 0;
  let hi = 3_650;
  if (bytesAt(hi) < capacity) return undefined;
  while (hi - lo > 0.1) {
    const mid = (lo + hi) / 2;
    if (bytesAt(mid) >= capacity) hi = mid;
    else lo = mid;
  }
  return hi;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const gb = (bytes: number) => `${fmt(bytes / 1e9, bytes < 10e9 ? 2 : 1)} GB`;
const perS = (n: number, unit: string) => `${fmt(n, n < 10 ? 1 : 0)} ${unit}/s`;
const days = (d: number | undefined, horizon: number) =>
  d === undefined ? "not within 10 years" : d <= horizon ? `day ${fmt(d)}` : `after ${fmt(d / 365, 1)} years`;
/** A rate limit at this scale: reached now, or at some multiple of it. */
const atScale = (load: number, capacity: number, scale: number) =>
  load <= 0 ? "never" : load >= capacity ? "now" : `at ${fmt((capacity / load) * scale, 0)}× load`;

export function project(input: ProjectionInput): Projection {
  const { mix, costs, scale, days: horizon, headroom } = input;
  const ops = rates(input);
  const sessions = mix.requests.create * scale;
  const shard = d1(ops, (c) => c.shard);
  const directory = d1(ops, (c) => c.directory);
  const shardWriterMs = shard.primaryStatements * costs.statementMs;
  const directoryWriterMs = directory.primaryStatements * costs.statementMs;

  const usableBytes = LIMITS.d1DatabaseBytes / headroom;
  const shardsForWriter = Math.ceil(shardWriterMs / (LIMITS.d1WriterMsPerSecond / headroom));
  const shardsBy = (t: number) =>
    Math.max(2, shardsForWriter, Math.ceil(accountBytes(costs, mix, sessions, t) / usableBytes));
  const shardsForSize = Math.ceil(accountBytes(costs, mix, sessions, horizon) / usableBytes);
  const shards = shardsBy(horizon);

  const b = costs.bytes;
  const directoryBytes = (t: number) =>
    b.startingDirectoryBytes + ((mix.registrationsPerDay * scale * t) as number) * b.directoryPerUser;
  const perShard = (t: number) => accountBytes(costs, mix, sessions, t) / shards;
  const allBytes = (t: number) => accountBytes(costs, mix, sessions, t) + directoryBytes(t);

  const queueRate = sum(ops.map(({ rate, cost }) => rate * cost.queueMessages)) + shards / 60;
  const busiestRoom = (mix.viewersOfBusiestSession * scale) / mix.viewerSeconds + 6 / 60;
  const schedulerShard = (sessions * 2) / 16;
  const requests = OPS.reduce((s, op) => s + mix.requests[op], 0) * scale;
  const kvSyncs = Math.min(requests, mix.activeCredentials * scale * mix.isolatesPerCredential);

  const rate = (
    limit: string,
    capacity: number,
    load: number,
    unit: string,
    extra: Partial<LimitRow> = {},
  ): LimitRow => ({
    limit,
    capacity: perS(capacity, unit),
    start: perS(load, unit),
    end: perS(load, unit),
    headroom: load > 0 ? capacity / load : Number.POSITIVE_INFINITY,
    reached: atScale(load, capacity, scale),
    ...extra,
  });
  const size = (limit: string, capacity: number, at: (t: number) => number): LimitRow => ({
    limit,
    capacity: gb(capacity),
    start: gb(at(0)),
    end: gb(at(horizon)),
    headroom: capacity / at(horizon),
    reached: days(dayReached(at, capacity), horizon),
  });
  const raisable = (row: LimitRow): LimitRow =>
    row.headroom >= headroom ? row : { ...row, raiseTo: gb(allBytes(horizon) * headroom) };
  const count = (limit: string, capacity: number, load: number, what: string): LimitRow => ({
    limit,
    capacity: fmt(capacity),
    start: `${fmt(load)} ${what}`,
    end: `${fmt(load)} ${what}`,
    headroom: capacity / load,
    reached: load >= capacity ? "now" : `at ${fmt(capacity)} ${what}`,
  });

  const limits: LimitRow[] = [
    size(`D1 size, per shard (${shards} shards)`, LIMITS.d1DatabaseBytes, perShard),
    rate(`D1 writer time, per shard (${shards} shards)`, LIMITS.d1WriterMsPerSecond, shardWriterMs / shards, "ms"),
    size("D1 size, the directory", LIMITS.d1DatabaseBytes, directoryBytes),
    rate(
      "D1 writer time, the directory (authentication checks on its primary)",
      LIMITS.d1WriterMsPerSecond,
      directoryWriterMs,
      "ms",
    ),
    raisable(size("D1 storage per account (all databases; raised by request)", LIMITS.d1AccountBytes, allBytes)),
    count("D1 databases per account", LIMITS.d1DatabasesPerAccount, shards + 1, "databases"),
    count("D1 databases bound to the Worker", LIMITS.d1BindingsPerWorker, shards + 1, "bindings"),
    count(
      "D1 queries per invocation (the busiest: one shard's maintenance)",
      LIMITS.d1QueriesPerInvocation,
      costs.cronStatementsPerShard,
      "queries",
    ),
    rate("Durable Object requests, the busiest room", LIMITS.doRequestsPerObjectPerSecond, busiestRoom, "req"),
    rate(
      "Durable Object requests, a scheduler shard (of 16)",
      LIMITS.doRequestsPerObjectPerSecond,
      schedulerShard,
      "req",
    ),
    count(
      "WebSockets on one Durable Object (the most-watched session)",
      LIMITS.doWebSocketsPerObject,
      mix.viewersOfBusiestSession * scale,
      "sockets",
    ),
    rate("Queues: messages per second (the webhook queue)", LIMITS.queueMessagesPerSecond, queueRate, "msg"),
    {
      ...rate(
        "KV: writes per second to one key (each isolate's rate-limit shard)",
        LIMITS.kvWritesPerKeyPerSecond,
        1,
        "writes",
      ),
      reached: "never: each key is written at most once a second, whatever the load",
      byConstruction: true,
    },
    {
      limit: "R2: operations (no published rate limit per bucket; one write per object)",
      capacity: "—",
      start: perS(sessions, "writes"),
      end: perS(sessions, "writes"),
      headroom: Number.POSITIVE_INFINITY,
      reached: "never",
      byConstruction: true,
    },
    {
      limit: "Workers CPU per invocation (the longest: a session's step)",
      capacity: `${fmt(LIMITS.workersCpuMsPerInvocation)} ms`,
      start: `${fmt(costs.operations.sessionLife.cpuMs / 4, 1)} ms`,
      end: `${fmt(costs.operations.sessionLife.cpuMs / 4, 1)} ms`,
      headroom: LIMITS.workersCpuMsPerInvocation / (costs.operations.sessionLife.cpuMs / 4),
      reached: "never",
    },
  ];

  // A month at the end of the horizon (storage as it is then).
  const workersRequests = (requests + (mix.viewers * scale) / mix.viewerSeconds + queueRate / 10) * MONTH + 43_200;
  const cpuMs = sum(ops.map(({ rate: r, cost }) => r * cost.cpuMs)) * MONTH;
  const doRequests = sum(ops.map(({ rate: r, cost }) => r * cost.doRequests)) * MONTH;
  const over = (used: number, p: { perMillion: number; included: number }) =>
    (Math.max(0, used - p.included) / 1e6) * p.perMillion;
  const overGb = (bytes: number, p: { perUnit: number; included: number }) =>
    Math.max(0, bytes / 1e9 - p.included) * p.perUnit;
  const archived = Math.max(0, horizon - b.hotDays) * sessions * DAY;
  const m = (n: number) => `${fmt(n / 1e6, n < 1e7 ? 2 : 0)} M`;
  const costRows: CostRow[] = [
    { item: "Workers: plan", quantity: "1", dollars: PRICES.workersBase },
    { item: "Workers: requests", quantity: m(workersRequests), dollars: over(workersRequests, PRICES.workersRequests) },
    { item: "Workers: CPU ms", quantity: m(cpuMs), dollars: over(cpuMs, PRICES.workersCpuMs) },
    {
      item: "D1: rows read",
      quantity: m((shard.rowsRead + directory.rowsRead) * MONTH),
      dollars: over((shard.rowsRead + directory.rowsRead) * MONTH, PRICES.d1RowsRead),
    },
    {
      item: "D1: rows written",
      quantity: m((shard.rowsWritten + directory.rowsWritten) * MONTH),
      dollars: over((shard.rowsWritten + directory.rowsWritten) * MONTH, PRICES.d1RowsWritten),
    },
    {
      item: "D1: storage",
      quantity: gb(allBytes(horizon)),
      dollars: overGb(allBytes(horizon), PRICES.d1StorageGbMonth),
    },
    { item: "Durable Objects: requests", quantity: m(doRequests), dollars: over(doRequests, PRICES.doRequests) },
    {
      item: "Durable Objects: duration",
      quantity: `${m(doRequests * costs.doAwakeSeconds * costs.doMemoryGb)} GB-s`,
      dollars: over(doRequests * costs.doAwakeSeconds * costs.doMemoryGb, PRICES.doGbSeconds),
    },
    {
      item: "Queues: operations",
      quantity: m(queueRate * 3 * MONTH),
      dollars: over(queueRate * 3 * MONTH, PRICES.queueOperations),
    },
    {
      item: "KV: writes and lists (rate-limit syncs)",
      quantity: m(kvSyncs * costs.kvClassAPerSync * MONTH),
      dollars: over(kvSyncs * costs.kvClassAPerSync * MONTH, PRICES.kvWritesAndLists),
    },
    {
      item: "R2: storage",
      quantity: gb(archived * b.r2PerSession),
      dollars: overGb(archived * b.r2PerSession, PRICES.r2StorageGbMonth),
    },
    {
      item: "R2: Class A (writes)",
      quantity: m(sum(ops.map(({ rate: r, cost }) => r * (cost.r2ClassA ?? 0))) * MONTH),
      dollars: over(sum(ops.map(({ rate: r, cost }) => r * (cost.r2ClassA ?? 0))) * MONTH, PRICES.r2ClassA),
    },
    {
      item: "R2: Class B (reads)",
      quantity: m(sum(ops.map(({ rate: r, cost }) => r * (cost.r2ClassB ?? 0))) * MONTH),
      dollars: over(sum(ops.map(({ rate: r, cost }) => r * (cost.r2ClassB ?? 0))) * MONTH, PRICES.r2ClassB),
    },
    {
      item: "Analytics Engine: data points",
      quantity: m(sum(ops.map(({ rate: r, cost }) => r * cost.analyticsPoints)) * MONTH),
      dollars: over(sum(ops.map(({ rate: r, cost }) => r * cost.analyticsPoints)) * MONTH, PRICES.analyticsDataPoints),
    },
  ];
  return {
    scale,
    days: horizon,
    headroom,
    shards,
    shardsForSize,
    shardsForWriter,
    schedule: [30, 90, 180, 365, 730]
      .filter((d) => d < horizon)
      .concat(horizon)
      .map((day) => ({ day, shards: shardsBy(day) })),
    limits,
    costs: costRows,
    monthlyDollars: sum(costRows.map((c) => c.dollars)),
    pass: limits.every((l) => l.byConstruction || l.raiseTo || l.headroom >= headroom),
  };
}
