import { z } from "zod";
import { SESSION_STATUSES, STAGES } from "./types";

/**
 * The live-progress WebSocket protocol (server → client; clients send only
 * the text "ping", answered "pong" without waking the Durable Object).
 * Every message is one JSON text frame carrying `seq`, increasing by one per
 * message of the session, so a client can tell order and gaps.
 *
 * - `snapshot`: first message on every connection: the current state and history so far.
 * - `transition`: a status change (pending→processing, →completed, →failed, →cancelled).
 * - `stage`: a stage finished; carries its history entry and the stage now in progress.
 * After a terminal transition the server closes the socket with code 1000.
 */
const Status = z.enum(SESSION_STATUSES);
const StageName = z.enum(STAGES);

const HistoryEntryMessage = z.object({
  timestamp: z.string(),
  stage: z.string(),
  confidence: z.number(),
  notes: z.string(),
});

export const SnapshotMessage = z.object({
  type: z.literal("snapshot"),
  seq: z.number().int(),
  session_id: z.string(),
  status: Status,
  stage: StageName.nullable(),
  estimated_completion: z.string(),
  started_at: z.string().nullable(),
  history: z.array(HistoryEntryMessage),
  sent_at: z.string(),
});

const TransitionMessage = z.object({
  type: z.literal("transition"),
  seq: z.number().int(),
  session_id: z.string(),
  from: Status,
  to: Status,
  /** Stage in progress after the transition (initial_processing when processing starts). */
  stage: StageName.nullable(),
  at: z.string(),
  confidence_score: z.number().nullable().optional(),
  /** failed: the catalogue code (AI_MODEL_ERROR, DEADLINE_EXCEEDED); cancelled: "cancelled". */
  reason: z.string().optional(),
  credits_refunded: z.number().int().optional(),
  /** When the room began sending this message. */
  sent_at: z.string(),
});

const StageMessage = z.object({
  type: z.literal("stage"),
  seq: z.number().int(),
  session_id: z.string(),
  stage: StageName,
  entry: HistoryEntryMessage,
  next_stage: StageName.nullable(),
  at: z.string(),
  /** When the room began sending this message. */
  sent_at: z.string(),
});

export const LiveMessage = z.discriminatedUnion("type", [SnapshotMessage, TransitionMessage, StageMessage]);
export type LiveMessage = z.infer<typeof LiveMessage>;
export type SnapshotMessage = z.infer<typeof SnapshotMessage>;

/** JSON Schema of the protocol, for the OpenAPI description and docs. */
export const liveMessageJsonSchema = () => z.toJSONSchema(LiveMessage);
