import { describe, expect, it } from "vitest";

/**
 * What the worker evaluates at startup: the modules src/index.ts reaches through static
 * value imports. Route groups, the OpenAPI document and the SAML libraries are imported
 * dynamically on their first request (src/http/lazy-route.ts, docs/decisions.md
 * "Performance"); a static import of any of them from this graph would put their top-level
 * code (zod schemas, route tables, the XML DOM) back into every cold start. Files are read
 * as text at build time, as in layers.test.ts.
 */
const sources = import.meta.glob<string>("../../src/**/*.ts", { query: "?raw", import: "default", eager: true });

/** Value imports and re-exports; `import type`, all-`type` specifier lists and dynamic `import()` are not loaded. */
function staticImportsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?([^"';]*?)\s*from\s+["']([^"']+)["']/gm)) {
    const [, typeOnly, clause = "", spec] = m;
    if (typeOnly) continue;
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (names?.split(",").every((n) => !n.trim() || n.trim().startsWith("type "))) continue;
    out.push(spec!);
  }
  for (const m of text.matchAll(/^import\s+["']([^"']+)["']/gm)) out.push(m[1]!);
  return out;
}

function resolve(from: string, spec: string): string | undefined {
  const parts = from.split("/").slice(0, -1);
  for (const seg of spec.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  const base = parts.join("/");
  return [`${base}.ts`, `${base}/index.ts`, base].find((p) => p in sources);
}

/** Every src module evaluated when `entry` is (at startup: src/index.ts), and every package it imports. */
function graphFrom(entry: string) {
  const modules = new Set<string>();
  const packages = new Map<string, string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (modules.has(file)) continue;
    modules.add(file);
    for (const spec of staticImportsOf(sources[file] ?? "")) {
      if (!spec.startsWith(".")) {
        packages.set(spec, file);
        continue;
      }
      const target = resolve(file, spec);
      if (target) stack.push(target);
    }
  }
  return { modules, packages };
}

const startupGraph = () => graphFrom("../../src/index.ts");

/** Each route group's module (its first request builds it) except the MCP server's, whose library is the group. */
const GROUP_ENTRIES = Object.keys(sources).filter(
  (f) => /^\.\.\/\.\.\/src\/routes\/([^/]+\/index|console\/[^/]+)\.ts$/.test(f) && !f.includes("/routes/mcp/"),
);

describe("startup", () => {
  it("reads the source tree and follows imports", () => {
    const { modules } = startupGraph();
    expect(modules.has("../../src/app.ts")).toBe(true);
    expect(modules.has("../../src/middleware/authenticate.ts")).toBe(true);
  });

  it("loads no zod, no OpenAPI router and no XML library", () => {
    const { packages } = startupGraph();
    const heavy = [...packages].filter(([p]) => /^(zod|@hono\/zod-openapi|@xmldom\/|xmldsigjs|xml-core)/.test(p));
    expect(heavy.map(([p, from]) => `${from} imports ${p}`)).toEqual([]);
  });

  it("builds no route group, nor the authorization server or the OpenAPI document", () => {
    const { modules } = startupGraph();
    const eager = [...modules].filter(
      (m) =>
        // The console's files (and the docs page) are served from the start.
        /\/src\/routes\/(?!console\/assets)/.test(m) ||
        /\/src\/http\/(openapi|openapi-document|route)\.ts$/.test(m) ||
        m.endsWith("/src/domain/identity/sso/saml/xml-libraries.ts"),
    );
    expect(eager).toEqual([]);
  });

  it("a route group's first request loads no WebAuthn, MCP or XML library: those load on their first use", () => {
    expect(GROUP_ENTRIES).toContain("../../src/routes/users/index.ts");
    expect(GROUP_ENTRIES).toContain("../../src/routes/console/session.ts");
    const heavy = GROUP_ENTRIES.flatMap((entry) =>
      [...graphFrom(entry).packages]
        .filter(([p]) => /^(@simplewebauthn\/|@modelcontextprotocol\/|@xmldom\/|xmldsigjs|xml-core)/.test(p))
        .map(([p, from]) => `${entry}: ${from} imports ${p}`),
    );
    expect(heavy).toEqual([]);
  });

  it("the check itself sees a value import and skips type-only ones", () => {
    expect(
      staticImportsOf('import { z } from "zod";\nimport type { X } from "y";\nimport { type A } from "b";'),
    ).toEqual(["zod"]);
  });
});
