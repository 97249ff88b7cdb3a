import type { AnalysisBody, SessionResults, StoredResults } from "../../analysis/analyzer";
import type { SessionRow } from "../../db/sessions";
import { deflateText, inflateText } from "../../lib/deflate";
import type { HistoryEntry } from "./types";

/**
 * A session's content, stored once (docs/decisions.md, "Session content"). The Session's `results`
 * are a projection of the analysis: its summary, coordinates and visual data, plus the session's
 * analysis types. The sessions row keeps that projection (GET /v1/sessions/{id} reads the row
 * alone); the rest of the analysis and the stage history are the content, deflated in
 * session_content while the session is hot and inside its archive object after.
 */

/** The analysis less what the sessions row's `results` hold. */
export interface AnalysisRest {
  key_findings: AnalysisBody["results"]["key_findings"];
  terrain: string;
  depth: string;
  temporal_data: AnalysisBody["results"]["detailed_analysis"]["temporal_data"];
  recommendations: string[];
  metadata: AnalysisBody["metadata"];
}

export interface SessionContent {
  /** Null for a session that did not complete. */
  analysis: AnalysisRest | null;
  history: HistoryEntry[];
}

/** A session with its content (null: none yet, or none kept: no stage ran). */
export interface StoredSession {
  row: SessionRow;
  content: SessionContent | null;
}

export function storedResultsOf(a: AnalysisBody): StoredResults {
  const r = a.results;
  return {
    summary: r.summary,
    coordinates: r.detailed_analysis.spatial_data.coordinates,
    visual_data: r.detailed_analysis.visual_data,
  };
}

export function analysisRestOf(a: AnalysisBody): AnalysisRest {
  const r = a.results;
  return {
    key_findings: r.key_findings,
    terrain: r.detailed_analysis.spatial_data.terrain,
    depth: r.detailed_analysis.spatial_data.depth,
    temporal_data: r.detailed_analysis.temporal_data,
    recommendations: r.recommendations,
    metadata: a.metadata,
  };
}

/** The Session's `results`, in the resource's key order. */
export function sessionResultsOf(stored: StoredResults | null, analysisTypes: string[]): SessionResults | null {
  if (!stored) return null;
  return {
    summary: stored.summary,
    coordinates: stored.coordinates,
    visual_data: stored.visual_data,
    analysis_types: analysisTypes,
  };
}

/** The whole analysis again, in the engine's key order (src/analysis/deterministic.ts). */
export function analysisOf(stored: StoredResults | null, rest: AnalysisRest | null | undefined): AnalysisBody | null {
  if (!stored || !rest) return null;
  return {
    results: {
      summary: stored.summary,
      key_findings: rest.key_findings,
      detailed_analysis: {
        spatial_data: { coordinates: stored.coordinates, terrain: rest.terrain, depth: rest.depth },
        temporal_data: rest.temporal_data,
        visual_data: stored.visual_data,
      },
      recommendations: rest.recommendations,
    },
    metadata: rest.metadata,
  };
}

export function encodeContent(content: SessionContent): Promise<Uint8Array> {
  return deflateText(JSON.stringify(content));
}

/** A session_content body: deflated JSON, or JSON text (what migration 0080 moved, SQL cannot deflate). */
export async function decodeContent(body: number[] | string): Promise<SessionContent> {
  const text = typeof body === "string" ? body : await inflateText(new Uint8Array(body));
  return JSON.parse(text) as SessionContent;
}
