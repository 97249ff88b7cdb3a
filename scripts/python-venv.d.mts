/** The venv at `dir` with `requirements` installed; returns the path of its bin/ directory. */
export function ensurePythonVenv(dir: string, requirements: string): string;
