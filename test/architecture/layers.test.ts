import { describe, expect, it } from "vitest";

/**
 * The layering in shared/design/ARCHITECTURE.md: routes → domain → db/adapters.
 * Code below the HTTP layer must not import from it, or a rule ends up knowing
 * about requests and responses. Files are read as text at build time (Vite's
 * import.meta.glob), so the check sees exactly what is on disk.
 */
const sources = import.meta.glob<string>("../../src/**/*.ts", { query: "?raw", import: "default", eager: true });

const LOWER_LAYERS = ["domain", "db", "lib", "analysis", "durable-objects", "webhooks"];
const HTTP_LAYERS = ["http", "routes", "middleware"];

function layerOf(path: string): string | undefined {
  return /\/src\/([^/]+)\//.exec(path)?.[1];
}

function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:import|export)[^"']*?from\s+["']([^"']+)["']/g)].map((m) => m[1]!);
}

function resolve(from: string, spec: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const seg of spec.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  return `${parts.join("/")}/`;
}

describe("layering", () => {
  it("finds the source tree", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });

  it("domain, db and the adapters import nothing from http/, routes/ or middleware/", () => {
    const violations: string[] = [];
    for (const [path, text] of Object.entries(sources)) {
      const layer = layerOf(path);
      if (!layer || !LOWER_LAYERS.includes(layer)) continue;
      for (const spec of importsOf(text)) {
        if (!spec.startsWith(".")) continue;
        const target = layerOf(resolve(path, spec));
        if (target && HTTP_LAYERS.includes(target)) violations.push(`${path} imports ${spec}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("the check itself catches a wrong-way import", () => {
    const fake = 'import { AppError } from "../../http/envelope";';
    const target = layerOf(resolve("../../src/domain/users/x.ts", importsOf(fake)[0]!));
    expect(target).toBe("http");
  });
});
