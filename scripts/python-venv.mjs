// A Python virtual environment under .venv/ with a requirements file's pinned packages: created when
// missing, reinstalled when the requirements changed since (the installed copy is kept beside the venv).
// `.ci/run` creates the same ones up front; the generators and tests call this so a developer's first run
// needs no step of its own.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The venv at `dir` with `requirements` installed; returns the path of its bin/ directory. */
export function ensurePythonVenv(dir, requirements) {
  const stamp = path.join(dir, "requirements.installed.txt");
  const wanted = readFileSync(requirements, "utf8");
  const bin = path.join(dir, "bin");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) return bin;
  if (!existsSync(path.join(bin, "python"))) {
    mkdirSync(path.dirname(dir), { recursive: true });
    execFileSync("python3", ["-m", "venv", dir], { stdio: "inherit" });
  }
  execFileSync(path.join(bin, "pip"), ["install", "--quiet", "--disable-pip-version-check", "-r", requirements], {
    stdio: "inherit",
  });
  writeFileSync(stamp, wanted);
  return bin;
}
