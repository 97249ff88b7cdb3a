import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../../bindings";
import { systemContext } from "../../context/system";
import type { RoomInit } from "../../domain/sessions/ports";
import { roomOf } from "../../domain/sessions/room";

/** Waiting sessions whose start is due, started per alarm run (a backlog continues in the next run, at once). */
const BATCH = 100;
/** Delay before starting again a room that could not be reached. */
export const START_RETRY_MS = 5_000;

interface Waiting extends Record<string, SqlStorageValue> {
  session_id: string;
  init: string;
}

/**
 * Pending sessions, held until their start time (docs/decisions.md, "Session
 * start"). Creating a session records it here, in one shard of a few
 * (src/domain/sessions/scheduler.ts), instead of creating the session's own
 * SessionRoom: a new Durable Object is a new SQLite database, about half the
 * CPU of a creation, and a pending session has nothing for its room to do
 * until it starts or someone watches it. At the start time the alarm hands
 * each due session to its room (SessionRoom.start, idempotent), which drives
 * it from then on. A request that needs the room earlier (a WebSocket client,
 * a cancellation) calls `release`, which starts it at once.
 *
 * Alarms are at-least-once and `start` is idempotent, so a session is removed
 * only after its room has it; a failed start is retried.
 */
export class SessionScheduler extends DurableObject<Bindings> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(
      "CREATE TABLE IF NOT EXISTS waiting (session_id TEXT PRIMARY KEY, start_at INTEGER NOT NULL, init TEXT NOT NULL) WITHOUT ROWID",
    );
    this.sql.exec("CREATE INDEX IF NOT EXISTS waiting_start_at ON waiting (start_at)");
  }

  /** Liveness probe used by the admin status endpoint. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  /** Hold a new session until `init.schedule.stepAt[0]`; a repeat is a no-op. */
  async add(init: RoomInit): Promise<void> {
    const startAt = init.schedule.stepAt[0]!;
    this.sql.exec(
      "INSERT OR IGNORE INTO waiting (session_id, start_at, init) VALUES (?, ?, ?)",
      init.sessionId,
      startAt,
      JSON.stringify(init),
    );
    const armed = await this.ctx.storage.getAlarm();
    if (armed === null || armed > startAt) await this.ctx.storage.setAlarm(startAt);
  }

  /** Start the session's room now if it is still waiting here; true if it was. */
  async release(sessionId: string): Promise<boolean> {
    const [row] = this.sql
      .exec<Waiting>("SELECT session_id, init FROM waiting WHERE session_id = ?", sessionId)
      .toArray();
    if (!row) return false;
    await this.startRoom(row);
    return true;
  }

  /** Whether the session is still waiting here (its room not yet started): what tests observe of a shard. */
  async holds(sessionId: string): Promise<boolean> {
    return this.sql.exec("SELECT 1 FROM waiting WHERE session_id = ?", sessionId).toArray().length > 0;
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const due = this.sql
      .exec<Waiting>("SELECT session_id, init FROM waiting WHERE start_at <= ? ORDER BY start_at LIMIT ?", now, BATCH)
      .toArray();
    const started = await Promise.allSettled(due.map((row) => this.startRoom(row)));
    const failed = started.filter((r) => r.status === "rejected");
    for (const f of failed)
      console.error(JSON.stringify({ msg: "session start failed; retrying", error: String(f.reason) }));
    const [next] = this.sql
      .exec<{ at: number | null }>("SELECT MIN(start_at) AS at FROM waiting WHERE start_at > ?", now)
      .toArray();
    const candidates = [next?.at ?? Number.POSITIVE_INFINITY];
    if (failed.length > 0) candidates.push(now + START_RETRY_MS);
    if (due.length === BATCH) candidates.push(now);
    const at = Math.min(...candidates);
    if (Number.isFinite(at)) await this.ctx.storage.setAlarm(at);
  }

  private async startRoom(row: Waiting): Promise<void> {
    await roomOf(systemContext(this.env, "session-scheduler"), row.session_id).start(JSON.parse(row.init) as RoomInit);
    this.sql.exec("DELETE FROM waiting WHERE session_id = ?", row.session_id);
  }
}
