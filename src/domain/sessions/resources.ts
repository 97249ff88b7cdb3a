import type { HistoryRow, SessionListRow, SessionRow } from "../../db/sessions";
import { analysisOf, type StoredSession, sessionResultsOf } from "./content";
import type { HistoryEntry } from "./types";

/** Row → the Session resource (spec part 2). Fields not yet reached are null. */
export function sessionResource(row: SessionRow, websocketUrl: string) {
  return {
    id: row.id,
    cue: row.cue,
    session_type: row.sessionType,
    status: row.status,
    stage: row.stage,
    created_at: row.createdAt,
    started_at: row.startedAt,
    completed_at: row.completedAt,
    cancelled_at: row.cancelledAt,
    estimated_completion: row.estimatedCompletion,
    duration: row.duration,
    credits_required: row.creditsRequired,
    credits_used: row.creditsUsed,
    credits_refunded: row.creditsRefunded,
    confidence_score: row.confidenceScore,
    parameters: parametersOf(row),
    metadata: metadataOf(row),
    results: sessionResultsOf(row.results, row.analysisTypes),
    error: row.status === "failed" ? { code: row.endReason ?? "AI_MODEL_ERROR" } : null,
    websocket_url: websocketUrl,
  };
}

/** Row → the creation's answer (spec part 2, POST /v1/sessions 201): the session as it starts. */
export function createdSessionResource(row: SessionRow, websocketUrl: string) {
  return {
    id: row.id,
    cue: row.cue,
    session_type: row.sessionType,
    status: row.status,
    created_at: row.createdAt,
    estimated_completion: row.estimatedCompletion,
    credits_required: row.creditsRequired,
    parameters: parametersOf(row),
    metadata: metadataOf(row),
    websocket_url: websocketUrl,
  };
}

export function parametersOf(row: SessionRow) {
  return {
    duration: row.requestedDuration,
    confidence_threshold: row.confidenceThreshold,
    analysis_types: row.analysisTypes,
    priority: row.priority,
  };
}

export function metadataOf(row: SessionRow) {
  return {
    case_id: row.caseId,
    client_reference: row.clientReference,
    tags: row.tags,
  };
}

export function sessionListItem(row: SessionListRow) {
  return {
    id: row.id,
    cue: row.cue,
    session_type: row.sessionType,
    status: row.status,
    created_at: row.createdAt,
    completed_at: row.completedAt,
    confidence_score: row.confidenceScore,
    credits_used: row.creditsUsed,
  };
}

export const historyEntry = (h: HistoryRow): HistoryEntry => ({
  timestamp: h.timestamp,
  stage: h.stage,
  confidence: h.confidence,
  notes: h.notes,
});

/**
 * The Analysis resource. Before completion (docs/decisions.md) it is returned
 * with the session's current status and null results, so clients can poll
 * one address; a failed or cancelled session keeps null results.
 */
export function analysisResource({ row, content }: StoredSession) {
  const body = analysisOf(row.results, content?.analysis);
  return {
    session_id: row.id,
    analysis_id: row.analysisId,
    status: row.status,
    completed_at: row.status === "completed" ? row.completedAt : null,
    confidence_score: row.status === "completed" ? row.confidenceScore : null,
    results: body?.results ?? null,
    metadata: body?.metadata ?? null,
  };
}

/** The summary a webhook delivery carries (everything a receiver needs, no second read). */
export function sessionEventSummary(row: SessionRow) {
  return {
    id: row.id,
    cue: row.cue,
    session_type: row.sessionType,
    status: row.status,
    created_at: row.createdAt,
    started_at: row.startedAt,
    completed_at: row.completedAt,
    duration: row.duration,
    confidence_score: row.confidenceScore,
    credits_required: row.creditsRequired,
    credits_used: row.creditsUsed,
    credits_refunded: row.creditsRefunded,
    parameters: parametersOf(row),
    metadata: metadataOf(row),
  };
}
