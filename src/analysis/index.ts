import type { Analyzer } from "./analyzer";
import { deterministicAnalyzer } from "./deterministic";

/**
 * Engines by the ANALYZER_ENGINE var. Adding an engine means adding it here;
 * routes and the SessionRoom only see the Analyzer interface.
 */
const ENGINES: Record<string, (env: AnalyzerSettings) => Analyzer> = {
  deterministic: (env) => deterministicAnalyzer({ testHooks: env.ENVIRONMENT !== "production" }),
};

/** The variables that pick and set up the engine (wrangler.toml, src/bindings.ts). */
export interface AnalyzerSettings {
  ANALYZER_ENGINE: string;
  ENVIRONMENT: string;
}

export function analyzerFor(env: AnalyzerSettings): Analyzer {
  const make = ENGINES[env.ANALYZER_ENGINE || "deterministic"];
  if (!make) throw new Error(`Unknown ANALYZER_ENGINE '${env.ANALYZER_ENGINE}'`);
  return make(env);
}

export { type Analyzer, AnalyzerError } from "./analyzer";
