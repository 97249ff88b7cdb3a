import { describe, expect, it } from "vitest";
import {
  type Column,
  csvCell,
  csvHeader,
  csvLine,
  ndjsonLine,
  negotiateFormat,
} from "../../../src/domain/exports/format";
import { parseCsv } from "../../support/exports";

describe("CSV cells (RFC 4180)", () => {
  it("quotes fields holding a comma, a quote, CR or LF, doubling inner quotes", () => {
    expect(csvCell("plain", "text")).toBe("plain");
    expect(csvCell("a,b", "text")).toBe('"a,b"');
    expect(csvCell('say "hi"', "text")).toBe('"say ""hi"""');
    expect(csvCell("two\nlines", "text")).toBe('"two\nlines"');
    expect(csvCell("cr\r\nlf", "text")).toBe('"cr\r\nlf"');
    expect(csvCell(null, "text")).toBe("");
    expect(csvCell(undefined, "number")).toBe("");
    expect(csvCell(["visual", "spatial"], "json")).toBe('"[""visual"",""spatial""]"');
  });

  it("neutralises text that a spreadsheet would run as a formula", () => {
    for (const evil of ['=HYPERLINK("http://x")', "+1+2", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"]) {
      const cell = csvCell(evil, "text");
      const [[parsed]] = parseCsv(`${cell}\r\n`) as [[string]];
      expect(parsed).toBe(`'${evil}`);
    }
    // Numbers stay numbers: a debit is -11, not '-11.
    expect(csvCell(-11, "number")).toBe("-11");
    expect(csvCell(0.5, "number")).toBe("0.5");
    expect(csvCell("a=b", "text")).toBe("a=b");
  });

  it("writes the header and rows in column order; NDJSON keeps the order and JSON values", () => {
    const columns: Column<{ a: string; n: number | null; l: string[] }>[] = [
      { name: "a", type: "text", value: (r) => r.a },
      { name: "n", type: "number", value: (r) => r.n },
      { name: "l", type: "json", value: (r) => r.l },
    ];
    const row = { a: "x,y", n: null, l: ["p"] };
    expect(csvHeader(columns)).toBe("a,n,l\r\n");
    expect(csvLine(columns, row)).toBe('"x,y",,"[""p""]"\r\n');
    expect(ndjsonLine(columns, row)).toBe('{"a":"x,y","n":null,"l":["p"]}\n');
  });

  it("chooses the format: the query parameter, else Accept, else CSV", () => {
    expect(negotiateFormat("csv", "application/x-ndjson")).toBe("csv");
    expect(negotiateFormat(undefined, "application/x-ndjson")).toBe("ndjson");
    expect(negotiateFormat(undefined, "text/csv, application/x-ndjson;q=0.5")).toBe("csv");
    expect(negotiateFormat(undefined, "text/csv;q=0.2, application/x-ndjson")).toBe("ndjson");
    expect(negotiateFormat(undefined, "application/x-ndjson, */*;q=0.1")).toBe("ndjson");
    expect(negotiateFormat(undefined, "application/json")).toBe("csv");
    expect(negotiateFormat(undefined, "*/*")).toBe("csv");
    expect(negotiateFormat(undefined, undefined)).toBe("csv");
  });
});
