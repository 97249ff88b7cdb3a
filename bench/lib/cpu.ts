import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/**
 * CPU time of the worker process tree (workerd under wrangler), read from
 * /proc. The platform reports no per-request CPU locally, so CPU per request
 * is the process's user+system time over a load run divided by the requests
 * served: an upper bound that includes the runtime's own HTTP work.
 */
const TICKS_PER_SECOND = 100;

function children(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* process ended */
    }
  }
  return out;
}

export function processTree(root: number): number[] {
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]!));
  return all;
}

/** User+system CPU milliseconds of each of the given processes still running. */
export function cpuMillisByPid(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND); // utime, stime
    } catch {
      /* ended */
    }
  }
  return out;
}

/**
 * The workerd processes among `pids` (the worker's runtime and wrangler's dev proxy), without
 * wrangler's node process: that one receives every line the worker logs and source-maps it and
 * appends it to wrangler's debug log file (about 1 ms of CPU per request log line here), work of
 * the dev server that production's Workers Logs does not do in a process of the worker's.
 */
export function workerdPids(pids: number[]): number[] {
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd";
    } catch {
      return false;
    }
  });
}

/** CPU milliseconds spent between two readings, over the processes present in both (one that ended is left out). */
export function cpuMillisBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, end] of after) {
    const start = before.get(pid);
    if (start !== undefined) ms += end - start;
  }
  return ms;
}

/** TCP ports a process listens on (from /proc/net/tcp and its socket inodes). */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      } catch {
        /* closed meanwhile */
      }
    }
  } catch {
    return [];
  }
  const ports: number[] = [];
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f[3] === "0A" && inodes.has(f[9]!)) ports.push(Number.parseInt(f[1]!.split(":")[1]!, 16));
  }
  return ports;
}

/** The app's own workerd listener under `wrangler dev` (not the proxy's): the port that serves the API. */
export async function appSocket(pids: number[], publicPort: number): Promise<string | undefined> {
  for (const pid of pids) {
    for (const port of listeningPorts(pid).filter((p) => p !== publicPort)) {
      const url = `http://127.0.0.1:${port}`;
      try {
        const res = await fetch(`${url}/__bench/noop`, { signal: AbortSignal.timeout(2000) });
        if (res.ok && (await res.text()).includes('"success":true')) return url;
      } catch {
        /* not an HTTP listener */
      }
    }
  }
  return undefined;
}
