import type { AnalyzerInput } from "./analyzer";
import { type AnalyzerSettings, analyzerFor } from "./index";

const PROBE_INPUT: AnalyzerInput = {
  sessionId: "session_0",
  cue: "Health probe: describe the target.",
  sessionType: "remote_viewing",
  parameters: { duration: 60, confidence_threshold: 0.5, analysis_types: ["visual", "spatial"], priority: "normal" },
};

/**
 * The analyzer's self-check for the admin status: the configured engine runs
 * one stage and a finish on a fixed input, twice; the outputs must be within
 * range and identical (the engine is deterministic by contract).
 */
export async function analyzerSelfCheck(env: AnalyzerSettings): Promise<void> {
  const analyzer = analyzerFor(env);
  const run = async () => {
    const stage = await analyzer.stage(PROBE_INPUT, "initial_processing");
    const history = [
      {
        timestamp: "2026-01-01T00:00:00.000Z",
        stage: "initial_processing" as const,
        confidence: stage.confidence,
        notes: stage.notes,
      },
    ];
    return { stage, outcome: await analyzer.finish(PROBE_INPUT, history) };
  };
  const [a, b] = [await run(), await run()];
  const inRange = (n: number) => Number.isFinite(n) && n >= 0 && n <= 1;
  if (!inRange(a.stage.confidence) || !inRange(a.outcome.confidenceScore)) throw new Error("confidence out of range");
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error("engine is not deterministic");
}
