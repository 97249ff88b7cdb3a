import type { SessionRow } from "../../db/sessions";
import type { StoredSession } from "../../domain/sessions/content";
import { analysisResource, sessionEventSummary } from "../../domain/sessions/resources";
import { type EventMessage, eventIdFor, eventMessage } from "../../domain/webhooks/events";

/**
 * The webhook events a terminal session produces. Ids are deterministic per
 * (type, session), so a repeated step re-sends the same event and receivers
 * (and the delivery consumer) dedupe on event_id.
 */
/** Who receives a session's events: its organization's webhooks, or its creator's (src/domain/webhooks/fan-out.ts). */
const recipientOf = (row: SessionRow) => row.organizationId ?? row.userId;

export async function terminalEvents(stored: StoredSession): Promise<EventMessage[]> {
  const { row } = stored;
  const at = row.completedAt ?? row.updatedAt;
  if (row.status === "completed") {
    const analysis = analysisResource(stored);
    return [
      eventMessage("session.completed", await eventIdFor("session.completed", row.id), recipientOf(row), at, {
        session: sessionEventSummary(row),
      }),
      eventMessage("analysis.ready", await eventIdFor("analysis.ready", row.id), recipientOf(row), at, {
        analysis_id: analysis.analysis_id,
        session_id: row.id,
        session_type: row.sessionType,
        status: "completed",
        completed_at: analysis.completed_at,
        confidence_score: analysis.confidence_score,
        results: {
          summary: analysis.results?.summary ?? "",
          key_findings: analysis.results?.key_findings ?? [],
          coordinates: analysis.results?.detailed_analysis.spatial_data.coordinates ?? null,
          recommendations: analysis.results?.recommendations ?? [],
        },
        metadata: analysis.metadata,
      }),
    ];
  }
  if (row.status === "failed") {
    return [
      eventMessage("session.failed", await eventIdFor("session.failed", row.id), recipientOf(row), at, {
        session: sessionEventSummary(row),
        error: { code: row.endReason ?? "AI_MODEL_ERROR" },
        credits_refunded: row.creditsRefunded,
      }),
    ];
  }
  return [];
}
