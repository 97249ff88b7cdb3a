import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error — plain .mjs helper
import { generateDevDataKey, generateDevSigningKey } from "../../../scripts/dev-key.mjs";
import { freePort as freePortOn } from "./retry-front.mjs";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const DEV_SERVER = path.join(import.meta.dirname, "dev-server.mjs");

/** A free TCP port on 127.0.0.1 (retry-front.mjs holds the helper: dev-server.mjs, plain JavaScript, needs it too). */
export const freePort = (): Promise<number> => freePortOn("127.0.0.1");

export interface DevServer {
  url: string;
  /** The wrangler process (its descendants include workerd). */
  pid: () => number | undefined;
  port: number;
  persistDir: string;
  stop(): Promise<void>;
  /** Stop and start again on the same port and local state (DO storage, alarms, D1 survive). */
  restart(): Promise<void>;
  /** What wrangler and the Worker printed lately (the Worker logs a 5xx's cause), to explain a failure. */
  output(): string;
}

export interface StartOptions {
  vars?: Record<string, string>;
  /** A wrangler environment (e.g. "bench"); the default is development. */
  environment?: string;
  logLevel?: "warn" | "info" | "error" | "log";
  persistDir?: string;
  /** Attach the DevTools inspector on a free port (bench/profile-reads.ts profiles through it); tests do not. */
  inspector?: boolean;
  /**
   * The host of the issuer (and so of the console's origin and the WebAuthn RP id): browsers refuse an
   * IP address as an RP id, so passkey tests browse http://localhost:PORT. The server still listens on 127.0.0.1.
   */
  issuerHost?: "127.0.0.1" | "localhost";
  /** A wrangler.toml other than the app's, relative to the repository (the bench's variants). */
  config?: string;
  /**
   * Not the app but another worker (the bench's bare worker, bench/bare), up once `readyPath` answers:
   * it gets only the vars given and its D1 is left as it is (no app migrations).
   */
  worker?: { readyPath: string };
}

/** Where wrangler keeps its own files, out of the developer's home. */
export const WRANGLER_CONFIG_HOME = path.join(tmpdir(), "sas-wrangler-config");

const baseEnv = (logDir: string) => ({
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  XDG_CONFIG_HOME: WRANGLER_CONFIG_HOME,
  // wrangler writes a debug log of every run whatever --log-level says, the inspector's event for each
  // request included (up to 200 MB a run, over a gigabyte a day here): each server's goes to a folder
  // of its own, removed when it stops.
  WRANGLER_LOG_PATH: logDir,
});

/**
 * Debug logs left in wrangler's default folder (by servers started before they had a folder of their
 * own, or by a run that was killed): those not written to for an hour are of no run still going.
 */
export function pruneWranglerLogs(olderThanMs = 3_600_000): void {
  const dir = path.join(WRANGLER_CONFIG_HOME, ".wrangler", "logs");
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (name.endsWith(".log") && Date.now() - statSync(file).mtimeMs > olderThanMs) rmSync(file, { force: true });
    } catch {
      /* removed meanwhile */
    }
  }
}

/**
 * The e2e global setup migrates one local D1 (development environment) and names its persist
 * directory here; every server then starts from a copy of it instead of migrating its own.
 */
export const D1_TEMPLATE_ENV = "SAS_E2E_D1_TEMPLATE";

/** Set by the e2e global setup: servers started under it answer through support/retry-front.mjs. */
export const RETRY_FRONT_ENV = "SAS_E2E_RETRY_FRONT";

/**
 * Apply every migration to the local D1 under `persistDir`, as `wrangler d1 migrations apply DB
 * --local` would (local-d1.ts; loaded only here, it brings in wrangler and miniflare).
 */
export async function migrateLocalD1(persistDir: string, environment?: string): Promise<void> {
  const { migrateLocalD1InProcess } = await import("./local-d1");
  await migrateLocalD1InProcess(persistDir, environment);
}

/**
 * Local D1 state with every migration applied: a copy of the global setup's, else migrated here. A
 * directory that already holds a D1 is used as it is (a caller's own state).
 */
async function preparePersistDir(persistDir: string, environment?: string): Promise<void> {
  if (existsSync(path.join(persistDir, "v3", "d1"))) return;
  const template = process.env[D1_TEMPLATE_ENV];
  if (template && !environment) cpSync(template, persistDir, { recursive: true });
  else await migrateLocalD1(persistDir, environment);
}

/** Start `wrangler dev` on 127.0.0.1 with its own local state, migrations applied. */
export async function startWrangler(opts: StartOptions = {}): Promise<DevServer> {
  const persistDir = opts.persistDir ?? mkdtempSync(path.join(tmpdir(), "sas-e2e-"));
  const port = await freePort();
  const inspectorPort = opts.inspector ? await freePort() : undefined;
  const key: string = await generateDevSigningKey();
  // The issuer is this server's own address unless a test says otherwise (tokens' `iss`, OAuth metadata).
  // Another worker gets only what the caller gives it.
  const vars = opts.worker
    ? { ...opts.vars }
    : {
        JWT_PRIVATE_KEY: key,
        DATA_ENCRYPTION_KEY: generateDevDataKey() as string,
        AUTH_ISSUER: `http://${opts.issuerHost ?? "127.0.0.1"}:${port}`,
        ...opts.vars,
      };

  if (!opts.worker) await preparePersistDir(persistDir, opts.environment);

  const logDir = mkdtempSync(path.join(tmpdir(), "sas-wrangler-log-"));
  let child: ChildProcess | undefined;
  let output = "";
  const launch = async () => {
    // wrangler's dev server without the inspector (dev-server.mjs says why), in a process of its own:
    // stopping it is killing that process, as a developer stops `wrangler dev`.
    const config = {
      host: "127.0.0.1",
      port,
      persistTo: persistDir,
      env: opts.environment,
      vars,
      logLevel: opts.logLevel ?? "warn",
      inspectorPort,
      config: opts.config,
      // The e2e suite's servers answer through the retrying front (retry-front.mjs says why); the bench's do not.
      front: process.env[RETRY_FRONT_ENV] === "1",
    };
    child = spawn(process.execPath, [DEV_SERVER, JSON.stringify(config)], {
      cwd: ROOT,
      env: { ...baseEnv(logDir), WRANGLER_LOG: config.logLevel },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const keep = (d: Buffer) => {
      output = (output + d).slice(-64_000);
    };
    child.stdout?.on("data", keep);
    // The retrying front's own lines (a resent or failed request) go to the test run's output, so a
    // failure that followed one says so. A chunk may end mid-line: the rest waits for the next.
    let partial = "";
    child.stderr?.on("data", (d: Buffer) => {
      keep(d);
      const lines = (partial + String(d)).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("retry-front:")) process.stderr.write(`${line}\n`);
    });
    await waitReady(`http://127.0.0.1:${port}${opts.worker?.readyPath ?? "/v1/openapi.json"}`, () => output, child);
  };
  const kill = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child!.once("exit", r));
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* gone */
      }
    }
  };
  try {
    await launch();
  } catch (err) {
    await kill();
    rmSync(logDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: () => child?.pid,
    port,
    persistDir,
    stop: async () => {
      await kill();
      rmSync(logDir, { recursive: true, force: true });
      if (!opts.persistDir) rmSync(persistDir, { recursive: true, force: true });
    },
    restart: async () => {
      await kill();
      await launch();
    },
    output: () => output,
  };
}

async function waitReady(url: string, output: () => string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not become ready:\n${output()}`);
}
