import { describe, expect, it } from "vitest";
import { SESSION_COLUMNS } from "../../../src/domain/exports/sessions";
import { TRANSACTION_COLUMNS } from "../../../src/domain/exports/transactions";
import { USER_COLUMNS } from "../../../src/domain/exports/users";
import { servedOpenApiDocument } from "../../support/openapi";

describe("exports in the OpenAPI document", () => {
  it.each([
    ["/exports/sessions", SESSION_COLUMNS],
    ["/exports/transactions", TRANSACTION_COLUMNS],
    ["/exports/users", USER_COLUMNS],
  ] as const)(
    "%s: CSV and NDJSON, analytics:export, the column order in the row schema and the description",
    async (path, columns) => {
      const doc = await servedOpenApiDocument();
      const op = doc.paths[path].get;
      expect(op["x-required-scopes"]).toEqual(["analytics:export"]);
      const ok = op.responses["200"];
      expect(Object.keys(ok.content)).toEqual(["text/csv", "application/x-ndjson"]);
      expect(ok.headers["Content-Disposition"]).toBeDefined();
      const names = columns.map((c) => c.name);
      const ref: string = ok.content["application/x-ndjson"].schema.$ref;
      const row = doc.components.schemas[ref.split("/").pop()!];
      expect(Object.keys(row.properties)).toEqual(names);
      expect(ok.description).toContain(names.map((n) => `\`${n}\``).join(", "));
      expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(["format", "start_date", "end_date"]),
      );
    },
  );
});
