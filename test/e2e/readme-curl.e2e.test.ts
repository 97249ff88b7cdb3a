import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { testClientAddress } from "./support/api";
import { sharedServer } from "./support/shared-server";

const run = promisify(execFile);
const README = path.resolve(import.meta.dirname, "../../README.md");

/**
 * The `sh` blocks of the README's "Try it with curl" section, up to "Webhooks on your machine"
 * (a command that runs until stopped), in order: what a newcomer pastes into one shell.
 */
function walkthrough(): string[] {
  const readme = readFileSync(README, "utf8");
  const start = readme.indexOf("## Try it with curl");
  const end = readme.indexOf("### Webhooks on your machine");
  if (start < 0 || end < start) throw new Error("README: the curl walkthrough's headings moved");
  return [...readme.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/**
 * Run as written in bash against the shared `wrangler dev`, but strict: every command must succeed
 * (`set -euo pipefail`) and `curl` fails on any HTTP error (`--fail-with-body`), so a refused call or
 * a variable no earlier line sets stops the walk and names itself. The origin is the server's, and
 * the calls come from an address of their own (their own rate-limit budget).
 */
describe("the README's curl walkthrough", () => {
  const server = sharedServer();
  const dir = mkdtempSync(path.join(tmpdir(), "sas-readme-curl-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs as written, top to bottom, with every variable set by an earlier line", async () => {
    const blocks = walkthrough();
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const script = [
      "set -euo pipefail",
      `curl() { command curl -sS --fail-with-body -H "cf-connecting-ip: ${testClientAddress()}" "$@"; echo; }`,
      ...blocks.map((b) => b.replaceAll("http://127.0.0.1:8787", server.url)),
      // What the walk left behind, for the assertions below.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${VAR:offset:length}, not a template
      'echo "WALKED token=${TOKEN:0:8} key=${KEY:0:4} client=${CLIENT_ID:0:7} org=${ORG:0:4}"',
    ].join("\n");
    const { stdout } = await run("bash", ["-c", script], { cwd: dir, timeout: 120_000 }).catch((err) => {
      throw new Error(`the walkthrough stopped: ${err.stderr}\n--- its output ---\n${err.stdout}`);
    });
    expect(stdout).toContain("WALKED token=eyJ");
    expect(stdout).toMatch(/key=sak_ client=client_ org=org_/);
    // The OAuth client's token (RFC 6749 §5.1) and the organization's session were answered.
    expect(stdout).toMatch(/"token_type":"Bearer"/);
    expect(stdout).toMatch(/"success":true,"data":\{"id":"session_/);
    expect(readFileSync(path.join(dir, "sessions.csv"), "utf8")).toMatch(/^id,session_type,status,cue,/);
  });
});
