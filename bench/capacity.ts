/**
 * `npm run capacity [-- --scale 1,10 --days 365 --headroom 2 --mix mix.json --costs costs.json --check]`
 *
 * The capacity model (bench/capacity/model.ts) for each scale of the load mix: the shards it needs,
 * each platform limit's load, headroom and when it is reached, and what a month costs at
 * Cloudflare's published prices (bench/capacity/platform.ts cites them). The goal, checked on the
 * largest scale: every load-driven limit keeps at least the headroom after the days, by adding
 * shards alone. `--check` exits 1 when it does not hold.
 */
import { readFileSync } from "node:fs";
import { type Costs, type LoadMix, MEASURED_COSTS, REFERENCE_LOAD } from "./capacity/inputs";
import { type Projection, project } from "./capacity/model";
import { SOURCES } from "./capacity/platform";

export interface CapacityArgs {
  scales: number[];
  days: number;
  headroom: number;
  mix: LoadMix;
  costs: Costs;
  check: boolean;
}

/** `override` merged into `base`, object by object (arrays and values replace). */
function merged<T>(base: T, override: unknown): T {
  if (typeof override !== "object" || override === null || Array.isArray(override)) return override as T;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(override)) out[k] = k in out ? merged(out[k], v) : v;
  return out as T;
}

const positive = (flag: string, text: string | undefined): number => {
  const n = Number(text);
  if (!text || !Number.isFinite(n) || n <= 0) throw new Error(`${flag} needs a number > 0, got ${text ?? "nothing"}`);
  return n;
};

export function parseArgs(argv: string[]): CapacityArgs {
  const args: CapacityArgs = {
    scales: [1, 10],
    days: 365,
    headroom: 2,
    mix: REFERENCE_LOAD,
    costs: MEASURED_COSTS,
    check: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => argv[++i];
    if (flag === "--scale") args.scales = (value() ?? "").split(",").map((s) => positive("--scale", s));
    else if (flag === "--days") args.days = positive("--days", value());
    else if (flag === "--headroom") args.headroom = positive("--headroom", value());
    else if (flag === "--mix") args.mix = merged(REFERENCE_LOAD, JSON.parse(readFileSync(value() ?? "", "utf8")));
    else if (flag === "--costs") args.costs = merged(MEASURED_COSTS, JSON.parse(readFileSync(value() ?? "", "utf8")));
    else if (flag === "--check") args.check = true;
    else throw new Error(`unknown argument ${flag}`);
  }
  return args;
}

const headroomText = (h: number) =>
  !Number.isFinite(h) ? "—" : h >= 100 ? `${Math.round(h).toLocaleString("en-US")}×` : `${h.toFixed(1)}×`;
const dollars = (n: number) => `$${n.toLocaleString("en-US", { maximumFractionDigits: 0 })}`;

/** One scale's tables, as Markdown (docs/scale.md and the README show the 1× and 10× ones). */
export function report(p: Projection, mixName: string): string {
  const verdict = (l: Projection["limits"][number]) =>
    l.byConstruction
      ? "by construction"
      : l.raiseTo
        ? `raise to ${l.raiseTo}`
        : l.headroom >= p.headroom
          ? "PASS"
          : "FAIL";
  return [
    `### ${p.scale}× ${mixName.replace(/ \(1×\)$/, "")}, ${p.days} days`,
    "",
    `Account shards: **${p.shards}** (${p.shardsForSize} for size, ${p.shardsForWriter} for writer time, at least 2), each kept at ≤ 1/${p.headroom} of its limits, beside the directory's database; needed by ${p.schedule.map((s) => `day ${s.day}: ${s.shards}`).join(", ")}.`,
    "",
    `| Limit | Allows | Start | After ${p.days} days | Headroom | Reached | ≥ ${p.headroom}× |`,
    "|---|---:|---:|---:|---:|---|---|",
    ...p.limits.map(
      (l) =>
        `| ${l.limit} | ${l.capacity} | ${l.start} | ${l.end} | ${headroomText(l.headroom)} | ${l.reached} | ${verdict(l)} |`,
    ),
    "",
    `| A month after ${p.days} days | Quantity | Cost |`,
    "|---|---:|---:|",
    ...p.costs.map((c) => `| ${c.item} | ${c.quantity} | ${dollars(c.dollars)} |`),
    `| **Total** | | **${dollars(p.monthlyDollars)}** |`,
  ].join("\n");
}

export function run(argv: string[]): { text: string; pass: boolean } {
  const args = parseArgs(argv);
  const projections = args.scales.map((scale) =>
    project({ mix: args.mix, costs: args.costs, scale, days: args.days, headroom: args.headroom }),
  );
  const goal = projections.at(-1)!;
  const raises = goal.limits.filter((l) => l.raiseTo).map((l) => `${l.limit.replace(/ \(.*\)$/, "")} to ${l.raiseTo}`);
  const text = [
    ...projections.map((p) => report(p, args.mix.name)),
    "",
    `Goal: ${goal.scale}× for ${goal.days} days with ≥ ${goal.headroom}× headroom on every load-driven limit, by adding shards alone (${goal.shards})${raises.length ? ` and asking Cloudflare to raise ${raises.join(", ")}` : ""}: ${goal.pass ? "PASS" : "FAIL"}${
      goal.pass
        ? ""
        : ` (short: ${goal.limits
            .filter((l) => !l.byConstruction && !l.raiseTo && l.headroom < goal.headroom)
            .map((l) => l.limit)
            .join("; ")})`
    }`,
    "",
    `Prices and limits: ${Object.values(SOURCES).join(", ")}.`,
  ].join("\n");
  return { text, pass: goal.pass };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { text, pass } = run(process.argv.slice(2));
    console.log(text);
    if (!pass && process.argv.includes("--check")) process.exit(1);
  } catch (err) {
    console.error(`capacity: ${(err as Error).message}`);
    process.exit(2);
  }
}
