import { DurableObject } from "cloudflare:workers";
import { recordMetric } from "../../adapters/metrics";
import { AnalyzerError, analyzerFor } from "../../analysis";
import type { AnalyzerInput } from "../../analysis/analyzer";
import type { Bindings } from "../../bindings";
import { systemContext } from "../../context/system";
import type { AuditRow } from "../../db/audit-log";
import type { Ending } from "../../db/session-lifecycle";
import type { SessionRow } from "../../db/sessions";
import type { Context } from "../../domain/context";
import {
  completeSession,
  endSession,
  recordSessionStage,
  repriceStoredSession,
  startProcessing,
  storedHistory,
  storedSession,
  storedSessionWithContent,
} from "../../domain/sessions/lifecycle";
import type { LiveMessage, SnapshotMessage } from "../../domain/sessions/live-messages";
import type { CancelOutcome, RepriceOutcome, RoomInit } from "../../domain/sessions/ports";
import { cancellationRefund, failureRefund, priceOf } from "../../domain/sessions/pricing";
import { parametersOf } from "../../domain/sessions/resources";
import { ROOM_TAGS_HEADER, ROOM_UNTIL_HEADER } from "../../domain/sessions/room";
import { scheduleFor, stageAfterStep, stageOfStep } from "../../domain/sessions/schedule";
import { canTransition, isTerminal } from "../../domain/sessions/state-machine";
import { type HistoryEntry, type Priority, type SessionStatus, STAGES, type Stage } from "../../domain/sessions/types";
import { onShard, shardNamedBy } from "../../domain/shards/accounts";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { terminalEvents } from "./events";
import { type RoomState, STATE_KEY } from "./room-state";

/** Delay before re-running a step that hit an infrastructure error. */
const STEP_RETRY_MS = 5_000;

/** Sub-protocol echoed to browsers that authenticate with `Sec-WebSocket-Protocol: bearer, <token>`. */
const BEARER_PROTOCOL = "bearer";

type Distribute<T> = T extends unknown ? Omit<T, "seq" | "session_id" | "sent_at"> : never;
type Outgoing = Distribute<Exclude<LiveMessage, SnapshotMessage>>;

/**
 * One Durable Object per session (SQLite-backed). It owns the session's life
 * from its start (src/durable-objects/session-scheduler/session-scheduler.ts hands it over, or
 * a WebSocket client or a cancellation starts it sooner): alarms advance the state machine one step at a time, each
 * step writes D1 (idempotently), broadcasts to the session's hibernating
 * WebSockets and, at the end, enqueues the webhook events.
 *
 * Alarms are at-least-once. A step whose D1 write already happened is a
 * no-op there (conditional writes, keyed history and refunds); the room's
 * own `step` counter is advanced only after the write, so the worst repeat
 * re-sends an event with the same deterministic event_id.
 */
export class SessionRoom extends DurableObject<Bindings> {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    // Answered by the runtime without waking the object (keeps hibernation cheap).
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** The shard of the room's session (its id names it), known once its state is loaded or started. */
  private shard = 0;

  /**
   * The room's unit of work: the service acting on its own (the alarm, a call from a request), on
   * its session's shard (every table it writes is its account's, docs/scale.md "Shards").
   */
  private get work(): Context {
    return onShard(systemContext(this.env, "session-room"), this.shard);
  }

  /** Liveness probe used by the admin status endpoint. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  /** Called by the session's scheduler at the start, or earlier when a request needs the room; a repeat is a no-op. */
  async start(init: RoomInit): Promise<void> {
    if (await this.load()) return;
    await this.save({ init, status: "pending", stage: null, step: 0, startedAt: null, seq: 0 });
    await this.ctx.storage.setAlarm(init.schedule.stepAt[0]!);
  }

  async snapshot(): Promise<RoomState | null> {
    return (await this.load()) ?? null;
  }

  /**
   * DELETE: cancel a pending or processing session, refunding per the documented
   * rule. `audit` (an organization's session): its audit entry, committed with
   * the cancellation and completed here with the refund.
   */
  async cancel(audit?: AuditRow): Promise<CancelOutcome> {
    // Exclusive: a priority change (reprice) must not slip between reading the price paid and refunding it.
    return this.exclusively(() => this.cancelNow(audit));
  }

  /**
   * Runs `work` with no other event delivered meanwhile. An exception thrown inside
   * blockConcurrencyWhile resets the object, so a failed write (a refused batch) is carried
   * out of it and thrown here, where the caller sees it and the room lives on.
   */
  private async exclusively<T>(work: () => Promise<T>): Promise<T> {
    const settled = await this.ctx.blockConcurrencyWhile(async () => {
      try {
        return { ok: true as const, value: await work() };
      } catch (error) {
        return { ok: false as const, error };
      }
    });
    if (!settled.ok) throw settled.error;
    return settled.value;
  }

  private async cancelNow(audit?: AuditRow): Promise<CancelOutcome> {
    const s = await this.load();
    if (!s) return { ok: false, status: "unknown" };
    if (!canTransition(s.status, "cancelled")) return { ok: false, status: s.status };
    const refund = cancellationRefund(s.init.creditsPaid, s.status as "pending" | "processing", s.stage);
    const now = Date.now();
    const after = { status: "cancelled", credits_refunded: refund.credits, refund_reason: refund.reason };
    const ended = await endSession(this.work, {
      sessionId: s.init.sessionId,
      ending: this.ending(s, "cancelled", now, refund.credits, "cancelled"),
      audit: audit ? { row: audit, after } : undefined,
    });
    if (!ended) {
      // D1 already shows an end this room had not recorded (a step repeated after a crash).
      const status = await this.adoptFromD1(s);
      return { ok: false, status };
    }
    await this.finish(s, "cancelled", now, { reason: "cancelled", credits_refunded: refund.credits });
    return {
      ok: true,
      credits_refunded: refund.credits,
      refund_reason: refund.reason as "cancelled_before_processing" | "cancelled_during_processing",
      status: "cancelled",
    };
  }

  /**
   * PUT parameters.priority on a pending session: re-price it (the difference
   * charged or refunded with the change, one D1 batch, db/session-priority.ts)
   * and re-schedule it from its creation time on the same total as before (the
   * time scale it was created with), so `estimated_completion` and the start
   * alarm follow. Exclusive, so no cancellation or start interleaves with it.
   */
  async reprice(to: Priority): Promise<RepriceOutcome> {
    return this.exclusively(async (): Promise<RepriceOutcome> => {
      const s = await this.load();
      if (!s) return { ok: false, status: "unknown" };
      const row = await storedSession(this.work, { sessionId: s.init.sessionId });
      if (!row) return { ok: false, status: "unknown" };
      if (s.status !== "pending" || s.step !== 0 || row.status !== "pending")
        return { ok: false, status: row.status === "pending" ? s.status : row.status };
      const createdAt = Date.parse(row.createdAt);
      const schedule = scheduleFor(createdAt, s.init.schedule.totalMs / 1000, 1, to);
      if (row.priority === to)
        return { ok: true, difference: 0, credits: row.creditsRequired, estimatedCompletion: row.estimatedCompletion };
      const credits = priceOf(row.sessionType, {
        duration: row.requestedDuration,
        analysis_types: row.analysisTypes,
        priority: to,
      });
      const difference = credits - row.creditsRequired;
      const now = Date.now();
      const at = iso(now);
      const ledgerId = newId("led", now);
      const result = await repriceStoredSession(this.work, {
        sessionId: row.id,
        accountId: row.accountId ?? "",
        from: row.priority,
        to,
        credits,
        difference,
        estimatedCompletion: iso(schedule.estimatedCompletion),
        ledger: {
          ledgerId,
          expiryLedgerId: newId("led", now),
          // Unique per change (the ledger's (reason, reference_id) index): a session may change priority more than once.
          referenceId: `${row.id}:${ledgerId}`,
          description: `Priority ${row.priority} → ${to} for session ${row.id}`,
          at,
        },
      });
      if (!result.ok) {
        const status = (await storedSession(this.work, { sessionId: row.id }))?.status ?? "unknown";
        if (status === "pending" && difference > result.balance)
          return { ok: false, status, required: difference, available: result.balance };
        return { ok: false, status };
      }
      s.init = { ...s.init, creditsPaid: credits, schedule };
      await this.save(s);
      await this.ctx.storage.setAlarm(Math.max(now, schedule.stepAt[0]!));
      return {
        ok: true,
        difference,
        credits,
        estimatedCompletion: iso(schedule.estimatedCompletion),
        balance: result.balance,
      };
    });
  }

  /** WebSocket upgrade, already authenticated and authorised by the worker. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const s = await this.load();
    if (!s) return new Response("Unknown session", { status: 404 });
    const { 0: client, 1: server } = new WebSocketPair();
    // Tagged with what the worker authenticated it by, so closeSockets finds it when that access ends.
    const tags = (request.headers.get(ROOM_TAGS_HEADER) ?? "").split(",").filter(Boolean);
    this.ctx.acceptWebSocket(server, tags.slice(0, 10));
    const until = Number(request.headers.get(ROOM_UNTIL_HEADER));
    if (Number.isFinite(until) && until > 0) server.serializeAttachment({ until } satisfies SocketAccess);
    server.send(JSON.stringify(await this.snapshotMessage(s)));
    if (isTerminal(s.status)) server.close(1000, `session ${s.status}`);
    const offered = (request.headers.get("Sec-WebSocket-Protocol") ?? "").split(",").map((p) => p.trim());
    const headers = offered.includes(BEARER_PROTOCOL) ? { "Sec-WebSocket-Protocol": BEARER_PROTOCOL } : undefined;
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  /**
   * Close the sockets whose access rested on `tag` (a membership, an API key, a
   * sign-in) when that access ends: code 1008, policy violation (RFC 6455
   * §7.4.1), with the reason. Returns how many closed.
   */
  async closeSockets(tag: string, reason: string): Promise<number> {
    return closeAll(this.ctx.getWebSockets(tag), reason);
  }

  /** Sockets whose credential has expired since they opened: closed whenever the room wakes. */
  private closeExpired(now: number): void {
    const expired = this.ctx
      .getWebSockets()
      .filter((ws) => ((ws.deserializeAttachment() as SocketAccess | null)?.until ?? Infinity) <= now);
    closeAll(expired, "credential expired");
  }

  /** A client may ask for a fresh snapshot by sending "snapshot"; anything else is ignored. */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    this.closeExpired(Date.now());
    if (message !== "snapshot" || ws.readyState !== WebSocket.OPEN) return;
    const s = await this.load();
    if (s) ws.send(JSON.stringify(await this.snapshotMessage(s)));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, reason);
    } catch {
      /* already closed */
    }
  }

  override async alarm(): Promise<void> {
    this.closeExpired(Date.now());
    const s = await this.load();
    if (!s || isTerminal(s.status)) return;
    const now = Date.now();
    try {
      await this.advance(s, now);
    } catch (err) {
      // D1 or queue trouble. The runtime's own alarm retries give up after a
      // few attempts; retrying ourselves keeps the session moving until it
      // succeeds or its deadline fails it (every step is idempotent).
      console.error(JSON.stringify({ session_id: s.init.sessionId, step: s.step, error: String(err) }));
      await this.ctx.storage.setAlarm(now + STEP_RETRY_MS);
    }
  }

  // ---- steps ---------------------------------------------------------------

  private async advance(s: RoomState, now: number): Promise<void> {
    if (now > s.init.schedule.deadline)
      return this.fail(s, now, "DEADLINE_EXCEEDED", "The session passed its deadline.");
    try {
      if (s.step === 0) await this.begin(s, now);
      else await this.runStage(s, now);
    } catch (err) {
      if (err instanceof AnalyzerError) return this.fail(s, now, err.code, err.message);
      throw err;
    }
  }

  private async begin(s: RoomState, now: number): Promise<void> {
    const first = STAGES[0];
    if (!(await startProcessing(this.work, { sessionId: s.init.sessionId, at: iso(now), stage: first }))) {
      const row = await storedSession(this.work, { sessionId: s.init.sessionId });
      if (row?.status !== "processing") return void (await this.adoptFromD1(s, row));
      now = Date.parse(row.startedAt ?? iso(now)); // the first attempt's start time stands
    }
    // A priority change committed while markProcessing was in flight re-priced and re-scheduled the room.
    const latest = await this.load();
    if (latest) s.init = latest.init;
    Object.assign(s, { status: "processing", stage: first, step: 1, startedAt: now });
    await this.save(s);
    await this.broadcast(s, { type: "transition", from: "pending", to: "processing", stage: first, at: iso(now) });
    await this.ctx.storage.setAlarm(Math.max(now, s.init.schedule.stepAt[1]!));
  }

  private async runStage(s: RoomState, now: number): Promise<void> {
    const stage = stageOfStep(s.step)!;
    const row = await storedSession(this.work, { sessionId: s.init.sessionId });
    if (row?.status !== "processing") return void (await this.adoptFromD1(s, row));
    const input = analyzerInput(row);
    const analyzer = analyzerFor(this.env);
    const report = await analyzer.stage(input, stage);
    const entry: HistoryEntry = { timestamp: iso(now), stage, confidence: report.confidence, notes: report.notes };
    const next = stageAfterStep(s.step);
    await recordSessionStage(this.work, { sessionId: row.id, position: s.step, entry, next });
    const written = await storedHistory(this.work, { sessionId: row.id, ended: false });
    const recorded = written.find((h) => h.stage === stage) ?? entry;

    if (next) {
      Object.assign(s, { stage: next, step: s.step + 1 });
      await this.save(s);
      await this.broadcast(s, { type: "stage", stage, entry: recorded, next_stage: next, at: recorded.timestamp });
      await this.ctx.storage.setAlarm(Math.max(now, s.init.schedule.stepAt[s.step]!));
      return;
    }
    const outcome = await analyzer.finish(input, written);
    const duration = Math.max(0, Math.round((now - (s.startedAt ?? now)) / 1000));
    await completeSession(this.work, {
      sessionId: row.id,
      completion: { at: iso(now), duration, ...outcome },
      history: written,
    });
    await this.broadcast(s, { type: "stage", stage, entry: recorded, next_stage: null, at: recorded.timestamp });
    await this.finish(s, "completed", now, { confidence_score: outcome.confidenceScore });
  }

  private async fail(s: RoomState, now: number, code: string, message: string): Promise<void> {
    const refund = failureRefund(s.init.creditsPaid);
    const stage: Stage = s.stage ?? STAGES[0];
    const ended = await endSession(this.work, {
      sessionId: s.init.sessionId,
      ending: this.ending(s, "failed", now, refund.credits, code),
      lastEntry: { timestamp: iso(now), stage, confidence: 0, notes: `Failed: ${message} (${code})` },
    });
    if (!ended) return void (await this.adoptFromD1(s));
    await this.finish(s, "failed", now, { reason: code, credits_refunded: refund.credits });
  }

  /**
   * After the terminal D1 write: enqueue the webhook events, record the end,
   * tell the sockets and close them normally.
   */
  private async finish(
    s: RoomState,
    to: SessionStatus,
    now: number,
    extra: Partial<Extract<Outgoing, { type: "transition" }>>,
  ): Promise<void> {
    const stored = await storedSessionWithContent(this.work, { sessionId: s.init.sessionId });
    if (stored) for (const event of await terminalEvents(stored)) await this.env.WEBHOOK_QUEUE.send(event);
    if (to === "completed" || to === "failed" || to === "cancelled")
      recordMetric(this.env, { kind: "session", outcome: to, sessionType: stored?.row.sessionType ?? "unknown" });
    const from = s.status;
    Object.assign(s, { status: to, stage: null });
    await this.save(s);
    await this.ctx.storage.deleteAlarm();
    await this.broadcast(s, { type: "transition", from, to, stage: null, at: iso(now), ...extra });
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1000, `session ${to}`);
      } catch {
        /* already closing */
      }
    }
  }

  /** D1 is ahead of the room (a step that wrote and then crashed): take its terminal state. */
  private async adoptFromD1(s: RoomState, known?: SessionRow | undefined): Promise<SessionStatus> {
    const row = known ?? (await storedSession(this.work, { sessionId: s.init.sessionId }));
    if (!row) return s.status;
    if (isTerminal(row.status)) {
      await this.finish(s, row.status, Date.parse(row.updatedAt), {
        ...(row.status === "completed" ? { confidence_score: row.confidenceScore } : {}),
        ...(row.status !== "completed"
          ? { reason: row.endReason ?? row.status, credits_refunded: row.creditsRefunded }
          : {}),
      });
    }
    return row.status;
  }

  private ending(s: RoomState, to: "failed" | "cancelled", now: number, refund: number, endReason: string): Ending {
    const at = iso(now);
    return {
      to,
      at,
      duration: s.startedAt === null ? 0 : Math.max(0, Math.round((now - s.startedAt) / 1000)),
      creditsPaid: s.init.creditsPaid,
      refund,
      endReason,
      ledger: {
        ledgerId: newId("led", now),
        expiryLedgerId: newId("led", now),
        reason: "session_refund",
        referenceId: s.init.sessionId,
        description: `Refund for ${to} session ${s.init.sessionId}`,
        at,
      },
    };
  }

  // ---- state and sockets ----------------------------------------------------

  private async load(): Promise<RoomState | undefined> {
    const s = await this.ctx.storage.get<RoomState>(STATE_KEY);
    if (s) this.shard = shardNamedBy(s.init.sessionId);
    return s;
  }

  private async save(s: RoomState): Promise<void> {
    this.shard = shardNamedBy(s.init.sessionId);
    await this.ctx.storage.put(STATE_KEY, s);
  }

  private async snapshotMessage(s: RoomState): Promise<SnapshotMessage> {
    const history = await storedHistory(this.work, { sessionId: s.init.sessionId, ended: isTerminal(s.status) });
    return {
      type: "snapshot",
      seq: s.seq,
      session_id: s.init.sessionId,
      status: s.status,
      stage: s.stage,
      estimated_completion: iso(s.init.schedule.estimatedCompletion),
      started_at: s.startedAt === null ? null : iso(s.startedAt),
      history,
      sent_at: iso(Date.now()),
    };
  }

  /**
   * Serialise once and hand the same string to every socket, with no await
   * between sends. The new seq is written without waiting: the runtime's
   * output gate holds the sends until that write is durable, so no socket
   * sees a seq the room could forget.
   */
  private async broadcast(s: RoomState, message: Outgoing): Promise<void> {
    s.seq += 1;
    void this.ctx.storage.put(STATE_KEY, s);
    // sent_at: when the fan-out began, so clients (and the bench) can measure delivery latency.
    const text = JSON.stringify({ ...message, seq: s.seq, session_id: s.init.sessionId, sent_at: iso(Date.now()) });
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        /* a socket closing meanwhile misses the message; it can reconnect for a snapshot */
      }
    }
  }
}

function analyzerInput(row: SessionRow): AnalyzerInput {
  return { sessionId: row.id, cue: row.cue, sessionType: row.sessionType, parameters: parametersOf(row) };
}

/** What the room keeps with a socket: when its credential stops working (epoch ms). */
interface SocketAccess {
  until: number;
}

function closeAll(sockets: WebSocket[], reason: string): number {
  let closed = 0;
  for (const ws of sockets) {
    try {
      ws.close(1008, reason);
      closed += 1;
    } catch {
      /* already closing */
    }
  }
  return closed;
}
