import { describe, expect, it } from "vitest";
import { servedOpenApiDocument } from "../support/openapi";

type Param = { name: string; in: string; schema: Record<string, unknown> };

describe("pagination parameters in the served document", () => {
  it("every operation's offset and limit come from the one schema (src/http/schemas.ts): plain bounded integers, never nullable", async () => {
    const doc = await servedOpenApiDocument();
    const seen = { offset: 0, limit: 0 };
    for (const [path, item] of Object.entries<Record<string, { parameters?: Param[] }>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const p of op.parameters ?? []) {
          if (p.in !== "query") continue;
          const where = `${method.toUpperCase()} ${path} ${p.name}`;
          if (p.name === "offset") {
            seen.offset += 1;
            expect(p.schema, where).toEqual({ type: "integer", minimum: 0, maximum: 1_000_000, default: 0 });
          }
          if (p.name === "limit") {
            seen.limit += 1;
            expect(Object.keys(p.schema).sort(), where).toEqual(["default", "maximum", "minimum", "type"]);
            expect(p.schema, where).toMatchObject({ type: "integer", minimum: 1, default: 20 });
            expect(p.schema.maximum as number, where).toBeLessThanOrEqual(100);
          }
        }
      }
    }
    // The session list, billing history, webhook deliveries and the audit log at least.
    expect(seen.offset).toBeGreaterThanOrEqual(4);
    expect(seen.limit).toBeGreaterThanOrEqual(4);
  });
});
