import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePythonVenv } from "../../scripts/python-venv.mjs";
import { testClientAddress } from "./support/api";
import { freePort, startRetryFront } from "./support/retry-front.mjs";
import { sharedServer } from "./support/shared-server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/** The README's fenced blocks in `language`, in order: each is one program a newcomer pastes and runs. */
function blocks(readme: string, language: string): string[] {
  const text = readFileSync(path.join(ROOT, readme), "utf8");
  return [...text.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1]!);
}

/** The refusals a program announces in its comments (`→ 404 SESSION_NOT_FOUND`): the only 4xx it may meet. */
const announced = (program: string) => [...program.matchAll(/→ (4\d\d) ([A-Z_]+)/g)].map((m) => Number(m[1]));

/**
 * Each client README's examples as written, against the shared `wrangler dev`: the Python, Go and TypeScript
 * programs of their "Use" sections, run by the language's own toolchain with the client from this repository,
 * as the curl walkthrough is (test/e2e/readme-curl.e2e.test.ts). A new account's whole first hour: register,
 * verify the email from the development mailbox (which grants the free credits), create and follow a session,
 * read its analysis, list, create an API key. The programs' requests go through a loopback front that gives them
 * an address of their own (their own rate-limit budget) and records every answer: none may be a 4xx but those a
 * comment announces.
 */
describe("the client READMEs' examples", () => {
  const server = sharedServer();
  const statuses: number[] = [];
  let front: { close(): Promise<void> };
  let origin: string;
  // Under the repository (gitignored .tmp/), so `ws`, tsx and the Go module cache resolve as for a developer.
  mkdirSync(path.join(ROOT, ".tmp"), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, ".tmp/readme-clients-"));

  beforeAll(async () => {
    const port = await freePort("127.0.0.1");
    front = await startRetryFront(new URL(server.url), "127.0.0.1", port, undefined, {
      headers: { "cf-connecting-ip": testClientAddress() },
      onAnswer: (_method, _url, status) => statuses.push(status),
    });
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await front?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs one program and checks what it printed and which refusals it met. */
  async function expectRuns(program: string, command: string, args: string[], cwd: string, env = {}) {
    const from = statuses.length;
    const { stdout } = await run(command, args, {
      cwd,
      env: { ...process.env, ...env },
      timeout: 240_000,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((err) => {
      throw new Error(`the example stopped: ${err.stderr}\n--- its output ---\n${err.stdout}`);
    });
    const refused = statuses.slice(from).filter((s) => s >= 400 && s < 500);
    expect(refused.sort()).toEqual(announced(program).sort());
    // The new account got its free credits (so its session could be paid) and the session ended with a result.
    expect(Number(/credits: (\d+)/.exec(stdout)?.[1])).toBeGreaterThan(0);
    expect(stdout).toMatch(/confidence: 0\.\d+/);
    expect(stdout).toContain("404 SESSION_NOT_FOUND");
    return stdout;
  }

  const programs = (readme: string, language: string) => {
    const found = blocks(readme, language);
    expect(found.length, `${readme} has a ${language} example`).toBeGreaterThanOrEqual(1);
    return found.map((b) => b.replaceAll("http://127.0.0.1:8787", origin));
  };

  it("Python (clients/python/README.md)", { timeout: 600_000 }, async () => {
    const bin = ensurePythonVenv(
      path.join(ROOT, ".venv/clients"),
      path.join(ROOT, "clients/python/requirements-dev.txt"),
    );
    for (const [i, program] of programs("clients/python/README.md", "python").entries()) {
      writeFileSync(path.join(dir, `example_${i}.py`), program);
      const out = await expectRuns(program, path.join(bin, "python"), [`example_${i}.py`], dir, {
        PYTHONPATH: path.join(ROOT, "clients/python/src"),
      });
      expect(out).toMatch(/^transition completed$/m);
    }
  });

  it("Go (clients/go/README.md)", { timeout: 600_000 }, async () => {
    for (const [i, program] of programs("clients/go/README.md", "go").entries()) {
      const module = path.join(dir, `go-${i}`);
      mkdirSync(module);
      writeFileSync(path.join(module, "main.go"), program);
      // A module of the reader's own that uses this repository's client, as the README's install line says.
      writeFileSync(
        path.join(module, "go.mod"),
        `module readme\n\ngo 1.26.0\n\nrequire github.com/session-analysis/session-analysis-go v0.1.0\n\nreplace github.com/session-analysis/session-analysis-go => ${path.join(ROOT, "clients/go")}\n`,
      );
      copyFileSync(path.join(ROOT, "clients/go/go.sum"), path.join(module, "go.sum"));
      await run("go", ["mod", "tidy"], { cwd: module, timeout: 240_000 });
      const out = await expectRuns(program, "go", ["run", "."], module);
      expect(out).toMatch(/^transition completed$/m);
    }
  });

  it("TypeScript (clients/typescript/README.md): type-checks, then runs under Node", { timeout: 600_000 }, async () => {
    for (const [i, program] of programs("clients/typescript/README.md", "ts").entries()) {
      const project = path.join(dir, `ts-${i}`);
      mkdirSync(project);
      writeFileSync(path.join(project, "example.ts"), program);
      // The package's name resolves to this repository's client, as an installed tarball's would.
      writeFileSync(
        path.join(project, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            target: "ES2022",
            module: "ESNext",
            moduleResolution: "Bundler",
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            lib: ["ES2023", "DOM", "DOM.Iterable"],
            types: ["node"],
            paths: { "@session-analysis/client": [path.join(ROOT, "clients/typescript/src/index.ts")] },
          },
          files: ["example.ts"],
        }),
      );
      await run(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], {
        cwd: project,
      }).catch((err) => {
        throw new Error(`the example does not type-check:\n${err.stdout}${err.stderr}`);
      });
      const out = await expectRuns(program, process.execPath, ["--import", "tsx", "example.ts"], project, {
        TSX_TSCONFIG_PATH: path.join(project, "tsconfig.json"),
      });
      expect(out).toMatch(/^transition completed$/m);
    }
  });
});
