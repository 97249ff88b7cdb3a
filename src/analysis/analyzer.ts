import type { HistoryEntry, SessionParameters, SessionType, Stage } from "../domain/sessions/types";

/**
 * The analyzer: "internal method of producing results: not shown" (spec
 * part 1). The SessionRoom calls it once per stage and once to finish; the
 * engine is chosen by the ANALYZER_ENGINE var (src/analysis/index.ts), so an
 * engine can be swapped without touching routes or the Durable Object.
 */
export interface AnalyzerInput {
  sessionId: string;
  cue: string;
  sessionType: SessionType;
  parameters: SessionParameters;
}

export interface StageReport {
  confidence: number;
  notes: string;
}

export interface Finding {
  type: string;
  description: string;
  confidence: number;
}

interface Coordinates {
  latitude: number;
  longitude: number;
  accuracy_radius: number;
}

/**
 * The Session resource's `results`: a projection of the analysis (its summary, coordinates and
 * visual data) and the session's own analysis types, so nothing of it is stored twice
 * (src/domain/sessions/content.ts).
 */
export interface SessionResults {
  summary: string;
  coordinates: Coordinates;
  visual_data: Finding[];
  analysis_types: string[];
}

/** What the sessions row holds of the results: all but `analysis_types`, which its own column holds. */
export type StoredResults = Omit<SessionResults, "analysis_types">;

/** The Analysis resource's `results` and `metadata`. */
export interface AnalysisBody {
  results: {
    summary: string;
    key_findings: Finding[];
    detailed_analysis: {
      spatial_data: { coordinates: Coordinates; terrain: string; depth: string };
      temporal_data: { time_of_event: string; current_status: string };
      visual_data: Finding[];
    };
    recommendations: string[];
  };
  metadata: {
    analysis_duration: number;
    model_version: string;
    processing_nodes: number;
    data_points_analyzed: number;
  };
}

export interface AnalysisOutcome {
  confidenceScore: number;
  analysis: AnalysisBody;
}

export interface Analyzer {
  readonly name: string;
  stage(input: AnalyzerInput, stage: Stage): Promise<StageReport>;
  finish(input: AnalyzerInput, history: readonly HistoryEntry[]): Promise<AnalysisOutcome>;
}

/** Thrown by an engine that cannot produce a result; the session fails with AI_MODEL_ERROR. */
export class AnalyzerError extends Error {
  readonly code = "AI_MODEL_ERROR" as const;
  constructor(message: string) {
    super(message);
    this.name = "AnalyzerError";
  }
}
