import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const SCRIPT = path.join(import.meta.dirname, "receiver-child.mjs");

export interface ReceivedLine {
  pid: number;
  n: number;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface ReceiverProcess {
  child: ChildProcess;
  /** Resolves with the exit signal/code once the process is gone. */
  exited: Promise<string>;
  kill(): Promise<void>;
}

/** Start receiver-child.mjs on 127.0.0.1:<port>, appending what it receives to `log`. */
export async function startReceiverProcess(
  port: number,
  log: string,
  opts: { dieOnRequest?: number } = {},
): Promise<ReceiverProcess> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, PORT: String(port), LOG: log, DIE_ON_REQUEST: String(opts.dieOnRequest ?? 0) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? String(code))),
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`receiver did not start: ${output}`)), 10_000);
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (d) => (output += d));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`receiver exited before listening: ${output}`));
    });
  });
  return {
    child,
    exited,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
}

export function readReceived(log: string): ReceivedLine[] {
  if (!existsSync(log)) return [];
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as ReceivedLine);
}
