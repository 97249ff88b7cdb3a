import { z } from "@hono/zod-openapi";
import { billingRecord } from "../domain/billing/billing-record";
import type { UserContext } from "../domain/context";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "../domain/idempotency/keys";
import type { Principal } from "../domain/identity/principal";
import type { Scope } from "../domain/identity/scopes";
import { createSession } from "../domain/sessions/create";
import { cancelSession } from "../domain/sessions/manage";
import {
  historyOfStored,
  listOwnSessions,
  ownSession,
  ownSessionWithContent,
  sessionHistory,
} from "../domain/sessions/queries";
import { quoteSession } from "../domain/sessions/quote";
import {
  analysisResource,
  createdSessionResource,
  sessionListItem,
  sessionResource,
} from "../domain/sessions/resources";
import { websocketUrlFor } from "../domain/sessions/room";
import { SESSION_STATUSES, SESSION_TYPES } from "../domain/sessions/types";
import { deliveryLog } from "../domain/webhooks/redeliver";
import { MAX_PAGE_SIZE, PaginationSchema } from "../http/schemas";
import { BillingSchema } from "../routes/billing/schemas";
import {
  AnalysisSchema,
  CreatedSessionSchema,
  CreateSessionBody,
  HistoryEntrySchema,
  SessionListItemSchema,
  SessionQuoteSchema,
  SessionSchema,
} from "../routes/sessions/schemas";
import { DeliveryLogSchema } from "../routes/webhooks/schemas";
import { createSessionOnce } from "./create-once";

/** What a tool runs with: the request's principal (who, for which organization) and its environment. */
export interface ToolContext {
  /** The /mcp request's unit of work (src/context/request.ts): what domain functions take. */
  context: UserContext;
  principal: Principal;
  /** The /mcp request's URL: the origin `websocket_url` names. */
  url: string;
  /** Sends a progress notification when the caller asked for them (a progressToken); otherwise does nothing. */
  progress: (progress: number, total: number, message: string) => Promise<void>;
  signal: AbortSignal;
}

interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /** Any of these lets the caller see and call the tool (the REST operation's scopes). */
  scopes: readonly Scope[];
  input: z.ZodType<Record<string, unknown>>;
  output: z.ZodType;
  annotations: ToolAnnotations;
  run: (ctx: ToolContext, args: never) => Promise<unknown>;
}

const SESSION_READ: readonly Scope[] = ["remote-viewing:read", "dowsing:read"];
const SESSION_WRITE: readonly Scope[] = ["remote-viewing:write", "dowsing:write"];
const SESSION_DELETE: readonly Scope[] = ["remote-viewing:delete", "dowsing:delete"];

const read = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

// Every tool's arguments are a strict object (JSON Schema additionalProperties: false): an argument the tool does
// not know, often a misremembered name, is INVALID_FIELD_VALUE naming it rather than silently ignored.
const SessionId = z.string().min(1).max(64).describe("The session's id (session_…)");
const ById = z.strictObject({ session_id: SessionId });

const CreateInput = CreateSessionBody.extend({
  idempotency_key: z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(/^[\x21-\x7e]+$/)
    .optional()
    .describe(
      "Optional, 1–255 printable ASCII characters (e.g. a UUID), kept 24 hours: a retry with the same key and arguments returns the first result without creating or charging again; other arguments → IDEMPOTENCY_KEY_MISMATCH.",
    ),
}).strict();
/** create_session's arguments, of which only session_type and parameters are priced. */
const QuoteInput = CreateInput.partial({ cue: true });

const pageSize = z.number().int().min(1).max(MAX_PAGE_SIZE).default(20);
const ListInput = z.strictObject({
  status: z.enum(SESSION_STATUSES).optional(),
  session_type: z.enum(SESSION_TYPES).optional(),
  limit: pageSize,
  offset: z.number().int().min(0).max(1_000_000).default(0),
  sort_by: z.enum(["created_at", "completed_at", "confidence_score"]).default("created_at"),
  order: z.enum(["asc", "desc"]).default("desc"),
});

const DeliveriesInput = z.strictObject({
  webhook_id: z.string().min(1).max(64).describe("The webhook's id (webhook_…)"),
  limit: pageSize,
  offset: z.number().int().min(0).max(1_000_000).default(0),
});

/** Stages of processing, in order (src/domain/sessions/state-machine.ts): the progress total. */
const STAGE_COUNT = 3;
const WaitInput = z.strictObject({
  session_id: SessionId,
  timeout_seconds: z
    .number()
    .int()
    .min(1)
    .max(300)
    .default(60)
    .describe("How long to wait for the session to end (1–300, default 60); the result says whether it did."),
});
const WAIT_POLL_MS = 500;
const TERMINAL = new Set(["completed", "failed", "cancelled"]);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

function tool<I extends z.ZodType<Record<string, unknown>>>(
  def: Omit<ToolDefinition, "run" | "input"> & {
    input: I;
    run: (ctx: ToolContext, args: z.output<I>) => Promise<unknown>;
  },
): ToolDefinition {
  return def as unknown as ToolDefinition;
}

/**
 * The MCP tools: each a thin call into the domain function its REST operation calls, with that operation's scopes
 * and its response's shape as structured output (docs/mcp.md lists them with examples).
 */
export const TOOLS: readonly ToolDefinition[] = [
  tool({
    name: "quote_session",
    title: "Price a session",
    description:
      "What create_session would debit for these arguments, line by line, and the acting account's balance. Nothing is written or charged. Same arguments as create_session (only session_type and parameters are priced).",
    scopes: SESSION_WRITE,
    input: QuoteInput,
    output: SessionQuoteSchema,
    annotations: read,
    run: (ctx, args) => quoteSession(ctx.context, args),
  }),
  tool({
    name: "create_session",
    title: "Create a session",
    description:
      "Debits credits_required from the acting account and starts processing (base per type: remote_viewing 10, dowsing 5, precognition 15, intuitive_analysis 5; + 1 per started minute of parameters.duration; + 2 per analysis type beyond the first; high priority × 1.5). Then call wait_for_session to follow it with progress notifications. Pass idempotency_key to retry safely.",
    scopes: SESSION_WRITE,
    input: CreateInput,
    output: CreatedSessionSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async (ctx, { idempotency_key, ...input }) => {
      const render = (row: Parameters<typeof createdSessionResource>[0]) =>
        createdSessionResource(row, websocketUrlFor(ctx.url, row.id));
      if (idempotency_key === undefined) return render(await createSession(ctx.context, input));
      return (await createSessionOnce(ctx.context, input, idempotency_key, render)).result;
    },
  }),
  tool({
    name: "get_session",
    title: "Read a session",
    description: "The session's status, stage, credits and results. Another account's session is SESSION_NOT_FOUND.",
    scopes: SESSION_READ,
    input: ById,
    output: SessionSchema,
    annotations: read,
    run: async (ctx, { session_id }) => {
      const row = await ownSession(ctx.context, { id: session_id, action: "read" });
      return sessionResource(row, websocketUrlFor(ctx.url, row.id));
    },
  }),
  tool({
    name: "list_sessions",
    title: "List sessions",
    description:
      "The caller's sessions (or the organization's when acting for one), filtered by status and session_type, a page at a time (limit, offset; pagination.has_more says whether another page follows).",
    scopes: SESSION_READ,
    input: ListInput,
    output: z.object({ sessions: z.array(SessionListItemSchema), pagination: PaginationSchema }),
    annotations: read,
    run: async (ctx, args) => {
      const { rows, pagination } = await listOwnSessions(ctx.context, args);
      return { sessions: rows.map(sessionListItem), pagination };
    },
  }),
  tool({
    name: "cancel_session",
    title: "Cancel a session",
    description:
      "Cancels a pending or processing session and refunds: everything while pending; while processing, the share of the stages not yet begun (25 % / 50 % / 25 %). An ended session is SESSION_ALREADY_COMPLETED.",
    scopes: SESSION_DELETE,
    input: ById,
    output: z.object({
      cancelled: z.literal(true),
      refund: z.object({
        credits_refunded: z.number().int(),
        refund_reason: z.enum(["cancelled_before_processing", "cancelled_during_processing"]),
      }),
    }),
    // Irreversible, and a repeat is refused (409) rather than answered the same.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: async (ctx, { session_id }) => {
      const { credits_refunded, refund_reason } = await cancelSession(ctx.context, { id: session_id });
      return { cancelled: true as const, refund: { credits_refunded, refund_reason } };
    },
  }),
  tool({
    name: "get_analysis",
    title: "Read a session's analysis",
    description:
      "The analysis once completed (also the resource session://{id}/analysis); before that the same shape with results null. include_history adds one entry per finished stage.",
    scopes: SESSION_READ,
    input: ById.extend({ include_history: z.boolean().default(false) }).strict(),
    output: z.object({ analysis: AnalysisSchema, analysis_history: z.array(HistoryEntrySchema).optional() }),
    annotations: read,
    run: async (ctx, { session_id, include_history }) => {
      const stored = await ownSessionWithContent(ctx.context, { id: session_id, action: "read" });
      const analysis = analysisResource(stored);
      if (!include_history) return { analysis };
      return { analysis, analysis_history: await historyOfStored(ctx.context, stored) };
    },
  }),
  tool({
    name: "wait_for_session",
    title: "Wait for a session to end",
    description:
      "Follows a session until it is completed, failed or cancelled, or timeout_seconds pass, sending a progress notification at each change of stage (progress = stages finished of 3) when the call carries a progressToken. Returns the session as get_session does, with timed_out.",
    scopes: SESSION_READ,
    input: WaitInput,
    output: z.object({ session: SessionSchema, timed_out: z.boolean() }),
    annotations: read,
    run: async (ctx, { session_id, timeout_seconds }) => {
      const deadline = Date.now() + timeout_seconds * 1000;
      let last = "";
      for (;;) {
        const row = await ownSession(ctx.context, { id: session_id, action: "read" });
        const ended = TERMINAL.has(row.status);
        const step = `${row.status}/${row.stage ?? ""}`;
        if (step !== last) {
          last = step;
          const done = row.status === "completed" ? STAGE_COUNT : (await sessionHistoryCount(ctx, session_id)).count;
          await ctx.progress(done, STAGE_COUNT, row.stage ? `${row.status}: ${row.stage}` : row.status);
        }
        if (ended || Date.now() >= deadline || ctx.signal.aborted)
          return { session: sessionResource(row, websocketUrlFor(ctx.url, row.id)), timed_out: !ended };
        await sleep(Math.min(WAIT_POLL_MS, Math.max(0, deadline - Date.now())), ctx.signal);
      }
    },
  }),
  tool({
    name: "get_billing",
    title: "Billing and credits",
    description:
      "The acting account's tier, monthly fee, credits of the current month, usage of this and last month, and next billing date.",
    scopes: ["analytics:read"],
    input: z.strictObject({}),
    output: BillingSchema,
    annotations: read,
    run: (ctx) => billingRecord(ctx.context),
  }),
  tool({
    name: "list_webhook_deliveries",
    title: "A webhook's recent deliveries",
    description:
      "The webhook's delivery log, newest first: each event with every attempt (status code, duration, error).",
    scopes: ["profile"],
    input: DeliveriesInput,
    output: DeliveryLogSchema,
    annotations: read,
    run: (ctx, { webhook_id, limit, offset }) => deliveryLog(ctx.context, { webhookId: webhook_id, limit, offset }),
  }),
];

/** Stages finished so far: the session's analysis history has one entry per finished stage. */
async function sessionHistoryCount(ctx: ToolContext, sessionId: string) {
  return { count: (await sessionHistory(ctx.context, { id: sessionId })).length };
}

export const toolNamed = (name: string) => TOOLS.find((t) => t.name === name);

/** Whether the principal may see and call the tool: any of its scopes. */
export const allowed = (principal: Principal, t: ToolDefinition) => t.scopes.some((s) => principal.scopes.has(s));
