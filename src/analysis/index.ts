import type { Bindings } from "../bindings";
import type { Analyzer } from "./analyzer";
import { deterministicAnalyzer } from "./deterministic";

/**
 * Engines by the ANALYZER_ENGINE var. Adding an engine means adding it here;
 * routes and the SessionRoom only see the Analyzer interface.
 */
const ENGINES: Record<string, (env: Pick<Bindings, "ENVIRONMENT">) => Analyzer> = {
  deterministic: (env) => deterministicAnalyzer({ testHooks: env.ENVIRONMENT !== "production" }),
};

export function analyzerFor(env: Pick<Bindings, "ANALYZER_ENGINE" | "ENVIRONMENT">): Analyzer {
  const make = ENGINES[env.ANALYZER_ENGINE || "deterministic"];
  if (!make) throw new Error(`Unknown ANALYZER_ENGINE '${env.ANALYZER_ENGINE}'`);
  return make(env);
}

export { type Analyzer, AnalyzerError } from "./analyzer";
