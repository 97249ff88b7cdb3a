#!/usr/bin/env node
// Builds the package for publishing: ES modules in dist/esm and CommonJS in dist/cjs, each with
// its declarations (the package's `exports` picks one per importer, Node's conditional exports).
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const PKG = path.resolve(import.meta.dirname, "..");
const tsc = createRequire(path.join(PKG, "package.json")).resolve("typescript/bin/tsc");
rmSync(path.join(PKG, "dist"), { recursive: true, force: true });
for (const project of ["tsconfig.build.json", "tsconfig.cjs.json"]) {
  execFileSync(process.execPath, [tsc, "-p", path.join(PKG, project)], { stdio: "inherit" });
}
// dist/cjs's .js files are CommonJS although the package says "type": "module".
writeFileSync(path.join(PKG, "dist/cjs/package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
console.log("client: built dist/esm and dist/cjs");
