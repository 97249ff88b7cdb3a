#!/usr/bin/env node
// The package as a customer gets it: `npm pack` (which builds dist/), installed from the tarball
// into a fresh temporary project, then used against a real `wrangler dev` from
//   - an ES module and a CommonJS script run by plain Node (no TypeScript loader),
//   - a TypeScript file type-checked with moduleResolution NodeNext (the published declarations),
//   - a browser bundle (esbuild, platform browser).
// Run from the repository root: `node clients/typescript/scripts/tarball-check.mjs` (CI does).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

const PKG = path.resolve(import.meta.dirname, "..");
const ROOT = path.resolve(PKG, "../..");
const require = createRequire(path.join(ROOT, "package.json"));
const work = mkdtempSync(path.join(tmpdir(), "sas-ts-client-"));
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ["ignore", "pipe", "inherit"] }).toString();

/** The test server of clients/testing/server.ts: its URL once it answers, and a stop function. */
async function startServer() {
  const child = spawn(process.execPath, ["--import", "tsx", "clients/testing/server.ts"], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`test server exited (${code})`)));
  });
  // Closing its standard input stops the launcher and its server (clients/testing/server.ts).
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", resolve);
      child.stdin.end();
    });
  return { url: JSON.parse(line).url, stop };
}

let server;
let failures = 0;
const results = [];
const check = async (name, fn) => {
  try {
    await fn();
    results.push(`ok   ${name}`);
  } catch (err) {
    failures++;
    results.push(`FAIL ${name}\n${err.stdout ?? ""}${err.message}`);
  }
};

try {
  run("npm", ["pack", "--silent", "--pack-destination", work], PKG);
  const tarball = path.join(
    work,
    readdirSync(work).find((f) => f.endsWith(".tgz")),
  );
  const project = path.join(work, "project");
  execFileSync("mkdir", ["-p", project]);
  writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--silent", tarball], project);

  server = await startServer();
  const email = `tarball.${Date.now()}@example.com`;

  writeFileSync(
    path.join(project, "esm.mjs"),
    `import { ApiError, createSessionAnalysisClient, API_VERSION } from "@session-analysis/client";
const origin = process.argv[2];
const anonymous = createSessionAnalysisClient({ origin });
// By path (openapi-fetch) and by resource method: the same operation.
const reg = await anonymous.POST("/auth/register", {
  body: { email: ${JSON.stringify(email)}, username: "tarball", password: "correct-horse-42", tier: "basic", marketing_consent: false },
});
if (reg.response.status !== 201) throw new Error("register: " + reg.response.status);
const api = createSessionAnalysisClient({ origin, token: reg.data.data.token });
const me = await api.GET("/users/me");
if (me.data?.data.email !== ${JSON.stringify(email)}) throw new Error("users/me: " + JSON.stringify(me.error));
if (me.response.headers.get("x-api-version") !== API_VERSION) throw new Error("x-api-version: " + me.response.headers.get("x-api-version"));
if ((await api.users.getMe()).email !== ${JSON.stringify(email)}) throw new Error("users.getMe");
const missing = await api.GET("/sessions/{session_id}", { params: { path: { session_id: "ses_0" } } });
if (missing.error?.error.code !== "SESSION_NOT_FOUND") throw new Error("missing: " + JSON.stringify(missing.error));
// An operation outside /v1 goes to the origin.
if ((await anonymous.oauth2.getAuthorizationServerMetadata()).issuer !== origin) throw new Error("oauth2 metadata");
const refused = await api.sessions.get("ses_0").catch((err) => err);
if (!(refused instanceof ApiError) || refused.code !== "SESSION_NOT_FOUND") throw new Error("sessions.get: " + refused);
console.log(reg.data.data.token);
`,
  );
  let token = "";
  await check("ES module under plain Node: register, /users/me by path and by method, a typed error", () => {
    token = run("node", ["esm.mjs", server.url], project).trim();
  });

  writeFileSync(
    path.join(project, "cjs.cjs"),
    `const { createSessionAnalysisClient } = require("@session-analysis/client");
const api = createSessionAnalysisClient({ origin: process.argv[2], token: process.argv[3] });
api.sessions.list({ limit: 5 }).then(({ pagination }) => {
  if (pagination.limit !== 5) throw new Error("list: " + JSON.stringify(pagination));
});
`,
  );
  await check("CommonJS under plain Node: list sessions", () => run("node", ["cjs.cjs", server.url, token], project));

  writeFileSync(
    path.join(project, "typed.ts"),
    `import { createSessionAnalysisClient, type Schema } from "@session-analysis/client";
const api = createSessionAnalysisClient({ origin: "http://127.0.0.1:8787", apiKey: "sak_x" });
export async function first(): Promise<Schema<"Session">["id"] | undefined> {
  const { data } = await api.GET("/sessions", { params: { query: { status: "completed" } } });
  return data?.data.sessions[0]?.id;
}
export async function hooks(): Promise<string[]> {
  const { webhooks } = await api.webhooks.list();
  // @ts-expect-error the body is checked: a webhook needs its url and events
  await api.webhooks.create({ url: "https://example.com/hook" });
  return webhooks.map((w) => w.id);
}
`,
  );
  writeFileSync(
    path.join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "NodeNext",
        moduleResolution: "NodeNext",
        target: "ES2022",
        lib: ["ES2022", "DOM"],
        strict: true,
        noEmit: true,
        types: [],
      },
      files: ["typed.ts"],
    }),
  );
  await check("TypeScript (NodeNext) type-checks against the published declarations", () =>
    run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.json"], project),
  );

  // The bundle as a page would load it, run by Debian's Chromium on a page of the service's own
  // origin (its OpenAPI document; CSP bypassed for the injected script only), so its requests are
  // the browser's own fetches.
  writeFileSync(
    path.join(project, "browser.mjs"),
    `export { createSessionAnalysisClient } from "@session-analysis/client";\n`,
  );
  await check("bundles for the browser (esbuild) and runs in Chromium: register, /users/me", async () => {
    const esbuild = require("esbuild");
    const { outputFiles } = esbuild.buildSync({
      entryPoints: [path.join(project, "browser.mjs")],
      bundle: true,
      platform: "browser",
      format: "iife",
      globalName: "SessionAnalysis",
      write: false,
      logLevel: "error",
    });
    const { chromium } = require("playwright-core");
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    });
    try {
      const page = await (await browser.newContext({ bypassCSP: true })).newPage();
      await page.goto(`${server.url}/v1/openapi.json`);
      await page.addScriptTag({ content: outputFiles[0].text });
      const browserEmail = `browser.${Date.now()}@example.com`;
      const seen = await page.evaluate(async (email) => {
        const anonymous = SessionAnalysis.createSessionAnalysisClient({ origin: location.origin });
        const body = {
          email,
          username: "browser",
          password: "correct-horse-42",
          tier: "basic",
          marketing_consent: false,
        };
        const reg = await anonymous.POST("/auth/register", { body });
        const api = SessionAnalysis.createSessionAnalysisClient({
          origin: location.origin,
          token: reg.data.data.token,
        });
        const me = await api.GET("/users/me");
        return { status: reg.response.status, email: me.data?.data.email };
      }, browserEmail);
      if (seen.status !== 201 || seen.email !== browserEmail) throw new Error(JSON.stringify(seen));
    } finally {
      await browser.close();
    }
  });
} finally {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
for (const r of results) console.log(r);
console.log(`typescript client tarball: ${results.length - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
