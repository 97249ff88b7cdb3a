import type { AuditRow } from "../../db/audit-log";
import type { RefundReason } from "./pricing";
import type { Schedule } from "./schedule";
import type { Priority, SessionStatus } from "./types";

/** What a session's scheduler hands its room at the start (SessionRoom.start), as the creation recorded it. */
export interface RoomInit {
  sessionId: string;
  userId: string;
  creditsPaid: number;
  schedule: Schedule;
}

/** A room's answer to a cancellation: the refund, or the status that refused it. */
export type CancelOutcome =
  | {
      ok: true;
      credits_refunded: number;
      refund_reason: Exclude<RefundReason, "processing_failed">;
      status: "cancelled";
    }
  | { ok: false; status: SessionStatus | "unknown" };

/** A room's answer to a priority change: the new price and end, or why the session could not change priority. */
export type RepriceOutcome =
  | { ok: true; difference: number; credits: number; estimatedCompletion: string; balance?: number }
  | { ok: false; status: SessionStatus | "unknown"; required?: number; available?: number };

/** One session's room: the single writer of its progress once it started (docs/decisions.md). */
interface SessionRoomPort {
  ping(): Promise<"pong">;
  start(init: RoomInit): Promise<void>;
  cancel(audit?: AuditRow): Promise<CancelOutcome>;
  reprice(to: Priority): Promise<RepriceOutcome>;
  /** Closes the sockets filed under `tag`; answers how many. */
  closeSockets(tag: string, reason: string): Promise<number>;
  /** Hands a WebSocket upgrade (RFC 6455 §4.1) to the room, which answers 101 with its end of the socket. */
  fetch(request: Request): Promise<Response>;
}

/** One shard of the scheduler that holds pending sessions until their start. */
interface SessionSchedulerPort {
  ping(): Promise<"pong">;
  add(init: RoomInit): Promise<void>;
  /** Starts the session's room now if the shard still holds it; false when it did not. */
  release(sessionId: string): Promise<boolean>;
  holds(sessionId: string): Promise<boolean>;
}

/** The sessions area's ports (src/domain/ports.ts). */
export interface SessionPorts {
  /** The room of a session id (one per session). */
  room(sessionId: string): SessionRoomPort;
  /** A scheduler shard by number (src/domain/sessions/scheduler.ts picks it). */
  schedulerShard(shard: number): SessionSchedulerPort;
}

/**
 * Where ended sessions' content goes after its hot window: one object per key (src/adapters/archive/,
 * an R2 bucket). Keys are the domain's (src/domain/sessions/archive.ts).
 */
export interface SessionArchive {
  /** Stores `bytes` under `key`, replacing what is there; refused unless the bytes have this SHA-256. */
  put(key: string, bytes: Uint8Array, sha256: ArrayBuffer): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Deletes the object under `key`, if any. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`; answers how many. Repeatable. */
  deleteUnder(prefix: string): Promise<number>;
}
