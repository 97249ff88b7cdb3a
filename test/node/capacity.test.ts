import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../bench/capacity";
import { MEASURED_COSTS, REFERENCE_LOAD } from "../../bench/capacity/inputs";
import { project } from "../../bench/capacity/model";
import { LIMITS } from "../../bench/capacity/platform";

const root = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "capacity-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const at = (scale: number, days = 365) =>
  project({ mix: REFERENCE_LOAD, costs: MEASURED_COSTS, scale, days, headroom: 2 });
const row = (p: ReturnType<typeof at>, name: string) => p.limits.find((l) => l.limit.startsWith(name))!;

describe("the capacity model", () => {
  it("spreads account data over enough shards that each keeps half its 10 GB after the horizon", () => {
    for (const scale of [1, 3, 10]) {
      const p = at(scale);
      const perShard = row(p, "D1 size, per shard");
      expect(perShard.headroom).toBeGreaterThanOrEqual(2);
      // The least that holds: one shard fewer would be past half full.
      expect(perShard.headroom * ((p.shardsForSize - 1) / p.shardsForSize)).toBeLessThan(2);
      expect(p.shards).toBeGreaterThanOrEqual(2);
    }
  });

  it("needs about ten times the shards for ten times the load, and the same headroom on every shard", () => {
    const one = at(1);
    const ten = at(10);
    expect(ten.shardsForSize / one.shardsForSize).toBeGreaterThan(9);
    expect(ten.shardsForSize / one.shardsForSize).toBeLessThan(11);
    expect(row(ten, "D1 writer time, per shard").headroom).toBeGreaterThanOrEqual(2);
  });

  it("computes a size from the inputs as written: a day of sessions, hot and lasting", () => {
    const b = MEASURED_COSTS.bytes;
    const p = project({ mix: REFERENCE_LOAD, costs: MEASURED_COSTS, scale: 1, days: 1, headroom: 2 });
    const perDay = REFERENCE_LOAD.requests.create * 86_400;
    const expected =
      b.startingAccountBytes +
      perDay *
        (b.d1PerSessionHot + REFERENCE_LOAD.eventsPerSession * REFERENCE_LOAD.webhooksPerEvent * b.d1PerDelivery);
    expect(p.shardsForSize).toBe(Math.ceil(expected / (LIMITS.d1DatabaseBytes / 2)));
  });

  it("judges what shards cannot lift on its own: the directory's primary and the account's storage", () => {
    const ten = at(10);
    const directory = row(ten, "D1 writer time, the directory");
    expect(directory.headroom).toBeLessThan(row(at(1), "D1 writer time, the directory").headroom);
    // The account-wide storage is a raise to ask Cloudflare for, sized with the headroom.
    const storage = row(ten, "D1 storage per account");
    expect(storage.raiseTo).toMatch(/GB$/);
  });
});

describe("npm run capacity", () => {
  const capacity = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", path.join(root, "bench/capacity.ts"), ...args], {
      cwd: root,
      encoding: "utf8",
    });

  it("prints the 1× and 10× tables, each limit's verdict, the month's cost and the goal", () => {
    const r = capacity();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("### 1× docs/scale.md reference load, 365 days");
    expect(r.stdout).toContain("### 10× docs/scale.md reference load, 365 days");
    for (const limit of [
      "D1 size, per shard",
      "D1 writer time, per shard",
      "Durable Object requests",
      "Queues",
      "KV",
      "R2",
      "Workers CPU",
    ])
      expect(r.stdout).toContain(`| ${limit}`);
    expect(r.stdout).toMatch(/\| \*\*Total\*\* \| \| \*\*\$[\d,]+\*\* \|/);
    expect(r.stdout).toMatch(/^Goal: 10× for 365 days .*: (PASS|FAIL)/m);
  });

  it("takes a load mix from a file, and --check fails when the goal does not hold", () => {
    const mix = path.join(scratch, "mix.json");
    // Every request acting for an organization and no cache hits: the directory's primary saturates at 10×.
    writeFileSync(mix, JSON.stringify({ name: "all organizations", organizationShare: 1, activeCredentials: 1_000 }));
    const r = capacity("--mix", mix, "--check");
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("### 1× all organizations, 365 days");
    expect(r.stdout).toMatch(/FAIL \(short: .*the directory/);
    const bad = capacity("--scale", "ten");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--scale needs a number > 0");
  });

  it("is what docs/scale.md and the README show", () => {
    const { text } = run([]);
    for (const doc of ["docs/scale.md", "README.md"]) {
      const shown = readFileSync(path.join(root, doc), "utf8");
      for (const table of text.split(/\n(?=### )/).map((t) => t.split("\n\nGoal:")[0]!.trim()))
        expect(shown, `${doc} shows the script's output (npm run capacity)`).toContain(table);
    }
  });
});
