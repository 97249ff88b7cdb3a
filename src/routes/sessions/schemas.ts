import { z } from "@hono/zod-openapi";
import { ANALYSIS_TYPES, PRIORITIES, SESSION_STATUSES, SESSION_TYPES, STAGES } from "../../domain/sessions/types";
import { trimmedText } from "../../http/schemas";

/** Limits (docs/decisions.md, "Sessions"). */
const CUE_MAX = 2000;
const DURATION = { min: 30, max: 3600, default: 300 } as const;
const TAGS_MAX = 20;
const TAG_MAX = 50;
const REFERENCE_MAX = 100;
const DEFAULT_CONFIDENCE_THRESHOLD = 0.5;

export const SessionIdParam = z.object({
  session_id: z
    .string()
    .max(64)
    .openapi({ param: { name: "session_id", in: "path" }, example: "session_1763776000000123456" }),
});

/**
 * The paying account's balance right after a request that charged or refunded
 * a session (create, cancel, a priority change), as Unkey's `remaining` does:
 * a client sees what is left without another call. Absent from an idempotent
 * replay (the balance has moved on since).
 */
export const CREDITS_REMAINING = "X-Credits-Remaining";
export const CreditsRemainingHeader = z.object({
  [CREDITS_REMAINING]: z.string().regex(/^\d+$/).optional().openapi({
    description: "Credits left on the paying account after this request's charge or refund.",
    example: "85",
  }),
});

const Timestamp = z.string().openapi({ format: "date-time" });
const NullableTimestamp = z.string().nullable().openapi({ format: "date-time" });
const Tags = z.array(trimmedText(TAG_MAX)).max(TAGS_MAX);

const CreateParameters = z
  .object({
    duration: z
      .number()
      .int()
      .min(DURATION.min)
      .max(DURATION.max)
      .default(DURATION.default)
      .openapi({ description: "Requested processing seconds (30–3600, default 300)." }),
    confidence_threshold: z
      .number()
      .min(0)
      .max(1)
      .default(DEFAULT_CONFIDENCE_THRESHOLD)
      .openapi({ description: "Findings below it are left out of the results (default 0.5)." }),
    analysis_types: z
      .array(z.enum(ANALYSIS_TYPES))
      .min(1)
      .max(ANALYSIS_TYPES.length)
      .refine((a) => new Set(a).size === a.length, "must not repeat a type")
      // JSON Schema says what the refinement checks, so a client's validator refuses a repeat too.
      .openapi({ uniqueItems: true })
      .default(["visual"]),
    priority: z
      .enum(PRIORITIES)
      .default("normal")
      .openapi({
        description:
          "`high` skips the queue wait (processing starts at once, so estimated_completion is 10 % of the duration sooner) " +
          "and costs 1.5 × the normal price, rounded up. Fixed once the session is created.",
      }),
  })
  .openapi("SessionParametersInput");

const CreateMetadata = z
  .object({
    case_id: z.string().max(REFERENCE_MAX).optional(),
    client_reference: z.string().max(REFERENCE_MAX).optional(),
    tags: Tags.default([]),
  })
  .openapi("SessionMetadataInput");

export const CreateSessionBody = z
  .object({
    cue: trimmedText(CUE_MAX).openapi({
      description: `The question or target text (1–${CUE_MAX} characters, not blank; kept without surrounding whitespace).`,
    }),
    session_type: z.enum(SESSION_TYPES),
    parameters: CreateParameters.prefault({}),
    metadata: CreateMetadata.prefault({}),
  })
  .openapi("CreateSessionRequest");

/** The creation body's priced fields; a full creation body is accepted (the rest is ignored). */
export const QuoteSessionBody = z
  .object({ session_type: z.enum(SESSION_TYPES), parameters: CreateParameters.prefault({}) })
  .openapi("SessionQuoteRequest");

export const SessionQuoteSchema = z
  .object({
    session_type: z.enum(SESSION_TYPES),
    credits_required: z.number().int().openapi({ description: "What POST /v1/sessions would debit for this body" }),
    lines: z.array(
      z.object({
        kind: z.enum(["base", "duration_minutes", "extra_analysis_types", "priority"]),
        quantity: z
          .number()
          .openapi({ description: "Started minutes, extra analysis types, or the priority factor (1 or 1.5)" }),
        credits: z.number().int(),
      }),
    ),
    credits_remaining: z.number().int().openapi({ description: "The acting account's balance now" }),
    sufficient: z.boolean().openapi({ description: "Whether the balance covers credits_required" }),
  })
  .openapi("SessionQuote");

export const UpdateSessionBody = z
  .object({
    parameters: z
      .object({ confidence_threshold: z.number().min(0).max(1).optional(), priority: z.enum(PRIORITIES).optional() })
      .optional(),
    metadata: z.object({ tags: Tags.optional() }).optional(),
  })
  .openapi("UpdateSessionRequest");

export const ParametersSchema = z
  .object({
    duration: z.number().int(),
    confidence_threshold: z.number(),
    analysis_types: z.array(z.enum(ANALYSIS_TYPES)),
    priority: z.enum(PRIORITIES),
  })
  .openapi("SessionParameters");

export const MetadataSchema = z
  .object({ case_id: z.string().nullable(), client_reference: z.string().nullable(), tags: z.array(z.string()) })
  .openapi("SessionMetadata");

const Finding = z.object({ type: z.string(), description: z.string(), confidence: z.number() }).openapi("Finding");
const Coordinates = z
  .object({ latitude: z.number(), longitude: z.number(), accuracy_radius: z.number() })
  .openapi("Coordinates");

const ResultsSchema = z
  .object({
    summary: z.string(),
    coordinates: Coordinates,
    visual_data: z.array(Finding),
    analysis_types: z.array(z.string()),
  })
  .openapi("SessionResults");

export const SessionSchema = z
  .object({
    id: z.string().openapi({ example: "session_1763776000000123456" }),
    cue: z.string(),
    session_type: z.enum(SESSION_TYPES),
    status: z.enum(SESSION_STATUSES),
    stage: z
      .string()
      .nullable()
      .openapi({ description: `Stage in progress while processing: ${STAGES.join(", ")}.` }),
    created_at: Timestamp,
    started_at: NullableTimestamp,
    completed_at: NullableTimestamp.openapi({ description: "When processing ended (completed or failed)." }),
    cancelled_at: NullableTimestamp,
    estimated_completion: Timestamp,
    duration: z.number().int().nullable().openapi({ description: "Seconds actually used, once ended." }),
    credits_required: z.number().int(),
    credits_used: z.number().int(),
    credits_refunded: z.number().int(),
    confidence_score: z.number().nullable(),
    parameters: ParametersSchema,
    metadata: MetadataSchema,
    results: ResultsSchema.nullable(),
    error: z.object({ code: z.string() }).nullable(),
    websocket_url: z.string().openapi({ example: "wss://api.example/v1/ws/session_1763776000000123456" }),
  })
  .openapi("Session");

export const CreatedSessionSchema = z
  .object({
    id: z.string(),
    cue: z.string(),
    session_type: z.enum(SESSION_TYPES),
    status: z.enum(SESSION_STATUSES),
    created_at: Timestamp,
    estimated_completion: Timestamp,
    credits_required: z.number().int(),
    parameters: ParametersSchema,
    metadata: MetadataSchema,
    websocket_url: z.string(),
  })
  .openapi("CreatedSession");

export const SessionListItemSchema = z
  .object({
    id: z.string(),
    cue: z.string(),
    session_type: z.enum(SESSION_TYPES),
    status: z.enum(SESSION_STATUSES),
    created_at: Timestamp,
    completed_at: NullableTimestamp,
    confidence_score: z.number().nullable(),
    credits_used: z.number().int(),
  })
  .openapi("SessionListItem");

export const HistoryEntrySchema = z
  .object({ timestamp: Timestamp, stage: z.string(), confidence: z.number(), notes: z.string() })
  .openapi("AnalysisHistoryEntry");

export const AnalysisSchema = z
  .object({
    session_id: z.string(),
    analysis_id: z.string().openapi({ example: "analysis_1763776000000654321" }),
    status: z.enum(SESSION_STATUSES),
    completed_at: NullableTimestamp,
    confidence_score: z.number().nullable(),
    results: z
      .object({
        summary: z.string(),
        key_findings: z.array(Finding),
        detailed_analysis: z.object({
          spatial_data: z.object({ coordinates: Coordinates, terrain: z.string(), depth: z.string() }),
          temporal_data: z.object({ time_of_event: Timestamp, current_status: z.string() }),
          visual_data: z.array(Finding),
        }),
        recommendations: z.array(z.string()),
      })
      .nullable(),
    metadata: z
      .object({
        analysis_duration: z.number().int(),
        model_version: z.string(),
        processing_nodes: z.number().int(),
        data_points_analyzed: z.number().int(),
      })
      .nullable(),
  })
  .openapi("Analysis");
