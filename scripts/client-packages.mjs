#!/usr/bin/env node
// Builds each client's package as it would be published, and checks that each carries the API version it
// targets (the one its generated code pins, which `npm run client:check` holds equal to the served document's):
//   TypeScript  the npm tarball (`npm pack`)                    package.json `apiVersion`; dist's API_VERSION (ESM, CJS)
//   Python      the wheel and the sdist (`python -m build`)     the summary; session_analysis/generated/api_version.py
//   Go          the module's zip as the module proxy serves it  api/version.gen.go's APIVersion
// The Go zip is written by golang.org/x/mod/zip (scripts/go-module-zip), which refuses what the proxy would.
//
//   node scripts/client-packages.mjs [--out DIR]     (default: a temporary directory, removed afterwards)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensurePythonVenv } from "./python-venv.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const GO_MODULE = "github.com/session-analysis/session-analysis-go";
const outAt = process.argv.indexOf("--out");
const out = outAt > 0 ? path.resolve(process.argv[outAt + 1]) : mkdtempSync(path.join(tmpdir(), "sas-packages-"));
mkdirSync(out, { recursive: true });
const run = (cmd, args, cwd = ROOT) =>
  execFileSync(cmd, args, { cwd, stdio: ["ignore", "pipe", "inherit"] }).toString();

/** The version a generated file pins: `API_VERSION = "…"` / `APIVersion = "…"`. */
const pinned = (text, where) => {
  const m = /API_?VERSION = "([^"]+)"/i.exec(text);
  if (!m) throw new Error(`${where}: no API version`);
  return m[1];
};
/** One member of a zip (a wheel, the Go module's zip), read with Python's zipfile. */
const unzipped = (zip, member) =>
  run("python3", [
    "-c",
    "import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())",
    zip,
    member,
  ]);
const newest = (suffix) => readdirSync(out).filter((f) => f.endsWith(suffix));

const version = pinned(readFileSync(path.join(ROOT, "clients/typescript/src/openapi.generated.ts"), "utf8"), "TS");
const failures = [];
const expect = (what, got) => {
  const ok = got === version;
  console.log(`${ok ? "ok  " : "FAIL"} ${what}: ${got}`);
  if (!ok) failures.push(what);
};

try {
  // TypeScript: npm pack runs prepack (the ESM and CJS builds).
  run("npm", ["pack", "--silent", "--pack-destination", out], path.join(ROOT, "clients/typescript"));
  const [tgz] = newest(".tgz");
  const unpacked = path.join(out, "npm");
  mkdirSync(unpacked);
  run("tar", ["-xzf", path.join(out, tgz), "-C", unpacked]);
  const pkg = JSON.parse(readFileSync(path.join(unpacked, "package/package.json"), "utf8"));
  expect(`${tgz} package.json apiVersion`, pkg.apiVersion);
  for (const build of ["esm", "cjs"])
    expect(
      `${tgz} dist/${build} API_VERSION`,
      pinned(readFileSync(path.join(unpacked, `package/dist/${build}/openapi.generated.js`), "utf8"), tgz),
    );

  // Python: the wheel and the sdist from the pinned build tools of .venv/clients.
  const bin = ensurePythonVenv(
    path.join(ROOT, ".venv/clients"),
    path.join(ROOT, "clients/python/requirements-dev.txt"),
  );
  run(path.join(bin, "python"), ["-m", "build", "--no-isolation", "--outdir", out, "clients/python"]);
  const [wheel] = newest(".whl");
  const [sdist] = newest(".tar.gz");
  const metadata = unzipped(path.join(out, wheel), `${wheel.split("-").slice(0, 2).join("-")}.dist-info/METADATA`);
  expect(`${wheel} summary`, /^Summary: .*API version (\S+)\)/m.exec(metadata)?.[1]);
  expect(
    `${wheel} api_version.py`,
    pinned(unzipped(path.join(out, wheel), "session_analysis/generated/api_version.py"), wheel),
  );
  const sdistDir = path.join(out, "sdist");
  mkdirSync(sdistDir);
  run("tar", ["-xzf", path.join(out, sdist), "-C", sdistDir]);
  const [sdistRoot] = readdirSync(sdistDir);
  expect(
    `${sdist} api_version.py`,
    pinned(
      readFileSync(path.join(sdistDir, sdistRoot, "src/session_analysis/generated/api_version.py"), "utf8"),
      sdist,
    ),
  );

  // Go: the module zip at the version the README's `go get` names.
  const goVersion = /go get \S+@(v[\d.]+)/.exec(readFileSync(path.join(ROOT, "clients/go/README.md"), "utf8"))?.[1];
  if (!goVersion) throw new Error("clients/go/README.md names no version to go get");
  const zip = path.join(out, `session-analysis-go-${goVersion}.zip`);
  run(
    "go",
    ["run", ".", path.join(ROOT, "clients/go"), GO_MODULE, goVersion, zip],
    path.join(ROOT, "scripts/go-module-zip"),
  );
  expect(
    `${path.basename(zip)} api/version.gen.go`,
    pinned(unzipped(zip, `${GO_MODULE}@${goVersion}/api/version.gen.go`), zip),
  );
} finally {
  if (outAt < 0) rmSync(out, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`client packages: ${failures.length} do not carry API version ${version}`);
  process.exit(1);
}
console.log(`client packages: npm tarball, wheel, sdist and Go module zip built, each for API version ${version}`);
