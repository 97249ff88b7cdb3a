import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  vsNoop: number;
  vsD1: number;
  cpuMsPerReq: number | null;
  rowsRead: number | null;
  rowsWritten: number | null;
  non2xx: number;
}

const fmt = (n: number | null, digits = 0) => (n === null ? "–" : n.toFixed(digits));

export function table(rows: Row[]): string {
  const head =
    "| Route | req/s | p50 ms | p99 ms | vs noop | vs 1 D1 read | CPU ms/req | D1 rows read | D1 rows written | non-2xx |";
  const sep = "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|";
  const lines = rows.map(
    (r) =>
      `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.vsNoop * 100)}% | ${fmt(r.vsD1 * 100)}% | ${fmt(r.cpuMsPerReq, 2)} | ${fmt(r.rowsRead)} | ${fmt(r.rowsWritten)} | ${r.non2xx} |`,
  );
  return [head, sep, ...lines].join("\n");
}

export function writeResults(dir: string, payload: Record<string, unknown>, markdown: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "latest.json"), JSON.stringify(payload, null, 2));
  writeFileSync(path.join(dir, "latest.md"), `${markdown}\n`);
}
