import { describe, expect, it } from "vitest";
import { servedOpenApiDocument } from "../support/openapi";

/**
 * Every list pages the same way: its `limit` and `offset` query parameters come from one home
 * (src/http/schemas.ts limitParam and Offset), so a client's pager works on all of them alike.
 */
describe("paging parameters in the served document", () => {
  it("every offset is a non-nullable integer from 0, default 0; every limit an integer from 1 to 100, default 20", async () => {
    const doc = await servedOpenApiDocument();
    const seen: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item)) {
        for (const p of op.parameters ?? []) {
          if (p.in !== "query" || !["limit", "offset"].includes(p.name)) continue;
          const where = `${method.toUpperCase()} ${path} ${p.name}`;
          seen.push(where);
          expect(p.required ?? false, where).toBe(false);
          const { maximum, ...rest } = p.schema;
          expect(rest, where).toEqual(
            p.name === "offset"
              ? { type: "integer", minimum: 0, default: 0 }
              : { type: "integer", minimum: 1, default: 20 },
          );
          expect(maximum, where).toBe(p.name === "offset" ? 1_000_000 : 100);
        }
      }
    // The lists this holds: sessions, billing history, an organization's audit log, a webhook's deliveries.
    expect(seen).toEqual(
      expect.arrayContaining([
        "GET /sessions limit",
        "GET /sessions offset",
        "GET /billing/history offset",
        "GET /organizations/{organization_id}/audit-log offset",
        "GET /webhooks/{webhook_id}/deliveries limit",
      ]),
    );
  });

  it("every paged list answers the one Pagination schema (the delivery log's adds its next_cursor)", async () => {
    const doc = await servedOpenApiDocument();
    const resolve = (schema: any): any =>
      schema?.$ref ? resolve(doc.components.schemas[schema.$ref.split("/").pop()]) : schema;
    const paged: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item)) {
        if (!(op.parameters ?? []).some((p: any) => p.in === "query" && p.name === "limit")) continue;
        const where = `${method.toUpperCase()} ${path}`;
        paged.push(where);
        const envelope = resolve(op.responses["200"].content["application/json"].schema);
        const pagination = resolve(envelope).properties.data;
        const own = resolve(pagination).properties.pagination;
        const parts = own.allOf ?? [own];
        expect(parts[0], where).toEqual({ $ref: "#/components/schemas/Pagination" });
      }
    expect(paged).toEqual(
      expect.arrayContaining([
        "GET /sessions",
        "GET /billing/history",
        "GET /organizations/{organization_id}/audit-log",
        "GET /webhooks/{webhook_id}/deliveries",
      ]),
    );
  });
});
