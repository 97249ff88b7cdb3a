import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type { WorkerOptions } from "miniflare";
import { WRANGLER_CONFIG_HOME } from "./wrangler";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const WRANGLER = path.join(ROOT, "node_modules/.bin/wrangler");

export interface TwoIsolates {
  /** The two copies of the Worker, each on an address of its own. */
  urls: [string, string];
  /** Their one local state (D1, KV, Durable Objects), where support/mail.ts reads the mail sent. */
  persistDir: string;
  /** What workerd printed lately (the Worker logs a 5xx's cause), to explain a failure. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The Worker twice in one workerd: two Worker definitions, so two isolates with their own memory
 * (module-level caches), over one D1, one KV namespace and one set of Durable Objects, as isolates
 * share them in production (through the storage services, never through files).
 *
 * Not two `wrangler dev` processes over one persist directory: workerd's local storage is
 * single-process SQLite, and the second process gets SQLITE_BUSY ("database is locked") at once
 * whenever the first is writing (a 500 DATABASE_ERROR, or a KV 500 to the rate limiter).
 *
 * Built as `wrangler deploy` would (its --dry-run bundle), configured from wrangler.toml's
 * development environment by wrangler's own conversion (the one the Workers-pool tests use).
 */
export async function startTwoIsolates(vars: Record<string, string>): Promise<TwoIsolates> {
  const work = mkdtempSync(path.join(tmpdir(), "sas-two-isolates-"));
  const env = {
    ...process.env,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    XDG_CONFIG_HOME: WRANGLER_CONFIG_HOME,
    WRANGLER_LOG_PATH: path.join(work, "logs"),
  };
  let output = "";
  const keep = (d: unknown) => {
    output = (output + String(d)).slice(-64_000);
  };
  let mf: import("miniflare").Miniflare | undefined;
  try {
    const outdir = path.join(work, "bundle");
    await new Promise<void>((resolve, reject) => {
      const child = spawn(WRANGLER, ["deploy", "--dry-run", "--outdir", outdir], { cwd: ROOT, env, stdio: "pipe" });
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      child.once("error", reject);
      child.once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`wrangler deploy --dry-run:\n${output}`)),
      );
    });
    const persist = path.join(work, "state");
    const template = process.env.SAS_E2E_D1_TEMPLATE;
    if (template) cpSync(template, persist, { recursive: true });
    else {
      const { migrateLocalD1InProcess } = await import("./local-d1");
      await migrateLocalD1InProcess(persist);
    }

    const { Log, LogLevel, Miniflare } = await import("miniflare");
    const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
    const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(ROOT, "wrangler.toml"));
    const worker = (name: string): WorkerOptions => ({
      ...workerOptions,
      name,
      modules: [{ type: "ESModule" as const, path: path.join(outdir, "index.js") }],
      modulesRoot: outdir,
      bindings: { ...workerOptions.bindings, ...vars },
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    });
    const b = worker("b");
    // B's Durable Object bindings reach A's classes, so each object exists once; A alone consumes the queue.
    b.durableObjects = Object.fromEntries(
      Object.entries((workerOptions.durableObjects ?? {}) as Record<string, string | { className: string }>).map(
        ([binding, d]) => [binding, { ...(typeof d === "string" ? { className: d } : d), scriptName: "a" }],
      ),
    );
    b.queueConsumers = {};
    class Captured extends Log {
      override log(message: string) {
        keep(`${message}\n`);
      }
    }
    mf = new Miniflare({
      workers: [worker("a"), b],
      defaultPersistRoot: path.join(persist, "v3"),
      log: new Captured(LogLevel.WARN),
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
        stdout.on("data", keep);
        stderr.on("data", keep);
      },
    });
    await mf.ready;
    const urls = [(await mf.unsafeGetDirectURL("a")).origin, (await mf.unsafeGetDirectURL("b")).origin] as [
      string,
      string,
    ];
    const running = mf;
    return {
      urls,
      persistDir: persist,
      output: () => output,
      stop: async () => {
        await running.dispose();
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await mf?.dispose();
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}
