/** Session vocabulary shared by routes, the SessionRoom and the analyzer. */
export {
  SESSION_STATUSES,
  SESSION_TYPES,
  type SessionStatus,
  type SessionType,
} from "../../db/session-vocabulary";

export const STAGES = ["initial_processing", "deep_analysis", "final_validation"] as const;
export type Stage = (typeof STAGES)[number];

export const ANALYSIS_TYPES = ["visual", "spatial", "temporal"] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

export const PRIORITIES = ["normal", "high"] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface SessionParameters {
  duration: number;
  confidence_threshold: number;
  analysis_types: AnalysisType[];
  priority: Priority;
}

export interface SessionMetadata {
  case_id?: string | undefined;
  client_reference?: string | undefined;
  tags: string[];
}

export interface HistoryEntry {
  timestamp: string;
  stage: string;
  confidence: number;
  notes: string;
}
