import { readdirSync, readFileSync } from "node:fs";

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

/** Total user+system CPU milliseconds of the given processes. */
export function cpuMillis(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      /* ended */
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
