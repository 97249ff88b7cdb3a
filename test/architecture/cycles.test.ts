import { describe, expect, it } from "vitest";

/**
 * No import circle under src/, type-only imports included: a circle means neither file can be
 * read, tested or moved without the other. Files are read as text at build time (Vite's
 * import.meta.glob); the strongly connected components of the import graph (Tarjan) are the circles.
 */
const sources = import.meta.glob<string>("../../src/**/*.ts", { query: "?raw", import: "default", eager: true });

const IMPORT = /^(?:import|export)\s+(?:type\s+)?[^;]*?\s*from\s+["'](\.[^"']+)["']/gms;

function resolve(files: Record<string, string>, from: string, spec: string): string | undefined {
  const parts = from.split("/").slice(0, -1);
  for (const seg of spec.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  const base = parts.join("/").replace(/\.js$/, "");
  return [base, `${base}.ts`, `${base}/index.ts`].find((p) => p in files);
}

function graphOf(files: Record<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of Object.entries(files)) {
    const to = [...text.matchAll(IMPORT)].map((m) => resolve(files, path, m[1]!)).filter((p) => p !== undefined);
    graph.set(path, to);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file, or a file importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.includes(v)) found.push(scc.map(short).sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

const short = (p: string) => p.replace(/^.*?\/src\//, "src/");

/**
 * Circles that are right where they are, each named by one file in it, with its reason; like a
 * known arrow in layers.test.ts, an entry whose circle is gone fails the test, so the list says
 * only what is true.
 */
const KEPT: Array<{ member: string; why: string }> = [
  {
    member: "src/bindings.ts",
    why: "types only, at the top of the graph (the bindings, the three Durable Object classes and the context/ files they build their system context with): a Durable Object class is typed by the bindings it runs with (DurableObject<Bindings>) and its binding by the class (DurableObjectNamespace<SessionRoom>, what `wrangler types` writes), so a stub's calls and a test's runInDurableObject are checked against the class. Nothing below the entry points is in it: the adapters and the analyzer take their bindings by their own structural types",
  },
];

describe("import circles", () => {
  it("finds the source tree", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it("no file under src/ reaches itself through its imports, types included", () => {
    const found = circles(graphOf(sources));
    const kept = (c: string[]) => KEPT.some((k) => c.includes(k.member));
    expect(found.filter((c) => !kept(c))).toEqual([]);
    expect(KEPT.filter((k) => !found.some((c) => c.includes(k.member)))).toEqual([]);
    // The kept circle stays at the top: no file of the domain, db/, adapters/, analysis/ or lib/ joins it.
    expect(
      found
        .filter(kept)
        .flat()
        .filter((f) => /^src\/(domain|db|adapters|analysis|lib)\//.test(f)),
    ).toEqual([]);
  });

  it("the check sees a circle of type-only imports and a run-time one", () => {
    const files = {
      "/r/src/a.ts": 'import type { B } from "./b";',
      "/r/src/b.ts": 'import type { A } from "./a";\nexport { c } from "./c";',
      "/r/src/c.ts": "export const c = 1;",
    };
    expect(circles(graphOf(files))).toEqual([["src/a.ts", "src/b.ts"]]);
    expect(circles(graphOf({ ...files, "/r/src/b.ts": 'export { c } from "./c";' }))).toEqual([]);
  });
});
