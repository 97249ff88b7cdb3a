import type { HistoryEntry, Stage } from "../domain/sessions/types";
import { round } from "../lib/numbers";
import {
  type AnalysisOutcome,
  type Analyzer,
  AnalyzerError,
  type AnalyzerInput,
  type Finding,
  type StageReport,
} from "./analyzer";
import { type Rng, rng, seedOf } from "./seeded";

const DETERMINISTIC_MODEL_VERSION = "deterministic-1.0";

/**
 * Test hook, active only outside production: a cue containing
 * `[[fail:<stage>]]` makes that stage fail with AI_MODEL_ERROR, so the
 * failed path and its refund can be exercised end to end.
 */
const FAIL_MARKER = /\[\[fail:(initial_processing|deep_analysis|final_validation)\]\]/;

const TERRAINS = ["coastal lowland", "river valley", "urban grid", "forested hills", "open plain", "mountain pass"];
const DEPTHS = ["surface", "shallow (under 2 m)", "moderate (2–10 m)", "deep (over 10 m)"];
const STATUSES = ["unchanged since the event", "partially altered", "actively changing", "no longer present"];
const VISUALS = [
  ["structure", "a tall rectangular structure with regular openings"],
  ["terrain", "uneven ground sloping towards water"],
  ["color", "dominant muted greens and greys"],
  ["movement", "slow, repeated motion near the centre"],
  ["light", "strong light from one side, long shadows"],
] as const;
const CONDITIONS = [
  "access appears restricted",
  "the area shows signs of recent activity",
  "conditions look stable",
  "the surroundings are quiet",
];
const STAGE_NOTES: Record<Stage, string> = {
  initial_processing: "Cue parsed and impressions gathered",
  deep_analysis: "Impressions cross-referenced and clustered",
  final_validation: "Findings validated against the confidence threshold",
};

/**
 * The default engine. Every field derives from the session input and a seed
 * (SHA-256 of session id + cue), so the same session always produces the
 * same output, and nothing depends on wall-clock time.
 *
 * confidence_threshold: findings (visual_data, key_findings) whose confidence
 * is below the threshold are left out of the results; the overall
 * confidence_score is reported as computed, and the summary says how many
 * findings cleared the threshold.
 */
export function deterministicAnalyzer(options: { testHooks: boolean }): Analyzer {
  const failAt = (input: AnalyzerInput): string | undefined =>
    options.testHooks ? FAIL_MARKER.exec(input.cue)?.[1] : undefined;
  const seeded = async (input: AnalyzerInput, salt: string): Promise<Rng> =>
    rng(await seedOf(`${input.sessionId}\u0000${input.cue}\u0000${salt}`));

  return {
    name: "deterministic",
    async stage(input, stage): Promise<StageReport> {
      if (failAt(input) === stage) throw new AnalyzerError(`The model could not complete ${stage}.`);
      const r = await seeded(input, stage);
      const confidence = round(r.between(0.55, 0.95), 2);
      return { confidence, notes: `${STAGE_NOTES[stage]} (${input.parameters.analysis_types.join(", ")}).` };
    },
    async finish(input, history: readonly HistoryEntry[]): Promise<AnalysisOutcome> {
      const r = await seeded(input, "final");
      const stageConfidences = history.map((h) => h.confidence);
      const confidenceScore = round(
        stageConfidences.length
          ? stageConfidences.reduce((a, b) => a + b, 0) / stageConfidences.length
          : r.between(0.5, 0.9),
        2,
      );
      const threshold = input.parameters.confidence_threshold;

      const coordinates = {
        latitude: round(r.between(-60, 70), 4),
        longitude: round(r.between(-180, 180), 4),
        accuracy_radius: Math.round(r.between(50, 5000)),
      };
      const allVisual: Finding[] = VISUALS.slice(0, 2 + Math.floor(r.next() * 3)).map(([type, description]) => ({
        type,
        description,
        confidence: round(r.between(0.4, 0.98), 2),
      }));
      const allFindings: Finding[] = [
        {
          type: "location",
          description: `Target located near ${coordinates.latitude}, ${coordinates.longitude}`,
          confidence: round(r.between(0.5, 0.95), 2),
        },
        { type: "condition", description: capitalise(r.pick(CONDITIONS)), confidence: round(r.between(0.4, 0.9), 2) },
      ];
      const visual = allVisual.filter((f) => f.confidence >= threshold);
      const keyFindings = allFindings.filter((f) => f.confidence >= threshold);
      const kept = visual.length + keyFindings.length;
      const total = allVisual.length + allFindings.length;
      const summary =
        `${label(input.sessionType)} of "${excerpt(input.cue)}": ${kept} of ${total} findings at or above the ` +
        `confidence threshold ${threshold}; overall confidence ${confidenceScore}.`;
      const timeOfEvent = new Date(Date.UTC(2000, 0, 1) + Math.floor(r.next() * 25 * 365) * 86_400_000).toISOString();

      return {
        confidenceScore,
        analysis: {
          results: {
            summary,
            key_findings: keyFindings,
            detailed_analysis: {
              spatial_data: { coordinates, terrain: r.pick(TERRAINS), depth: r.pick(DEPTHS) },
              temporal_data: { time_of_event: timeOfEvent, current_status: r.pick(STATUSES) },
              visual_data: visual,
            },
            recommendations: recommendationsFor(confidenceScore, threshold, kept),
          },
          metadata: {
            analysis_duration: input.parameters.duration,
            model_version: DETERMINISTIC_MODEL_VERSION,
            processing_nodes: 1 + input.parameters.analysis_types.length,
            data_points_analyzed: 100 * input.cue.length + Math.floor(r.next() * 1000),
          },
        },
      };
    },
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const label = (t: string) => t.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
const excerpt = (cue: string) => (cue.length > 60 ? `${cue.slice(0, 57)}...` : cue);

function recommendationsFor(confidence: number, threshold: number, kept: number): string[] {
  const out = [
    confidence >= 0.75
      ? "Proceed to field verification of the location finding."
      : "Repeat the session with a more specific cue.",
  ];
  if (kept === 0)
    out.push(`No finding reached the threshold ${threshold}; consider lowering it or extending the duration.`);
  out.push("Compare with earlier sessions on the same case before acting.");
  return out;
}
