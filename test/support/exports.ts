import { env } from "cloudflare:workers";

/** An RFC 4180 parser (quoted fields may hold commas, quotes and line breaks), for reading exports back. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) throw new Error("CSV does not end with CRLF");
  return rows;
}

/** CSV rows as objects keyed by the header line. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

export function ndjsonRecords(text: string): Record<string, unknown>[] {
  if (!text.endsWith("\n") && text !== "") throw new Error("NDJSON does not end with a newline");
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l));
}

/**
 * The test D1 with a fault: statements whose SQL matches `match` throw from
 * their `failOn`-th execution on (1-based), to fail an export at a chosen page.
 */
export function failingD1(match: RegExp, failOn = 1): D1Database {
  let calls = 0;
  const wrap = (s: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(s, {
      get(t, p) {
        if (p === "bind") return (...args: unknown[]) => wrap(t.bind(...args));
        if (p === "all") {
          return async () => {
            calls += 1;
            if (calls >= failOn) throw new Error("D1_ERROR: injected fault");
            return t.all();
          };
        }
        const v = Reflect.get(t, p);
        return typeof v === "function" ? v.bind(t) : v;
      },
    });
  // The app runs each request in a D1 session (withSession): its statements are faulted too.
  const faulty = <T extends object>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        const v = Reflect.get(target, prop);
        if (prop === "withSession")
          return (...args: unknown[]) => faulty((v as (...a: unknown[]) => object).apply(target, args));
        if (prop !== "prepare") return typeof v === "function" ? v.bind(target) : v;
        return (sql: string) => {
          const stmt = (target as unknown as D1Database).prepare(sql);
          return match.test(sql) ? wrap(stmt) : stmt;
        };
      },
    });
  return faulty(env.DB);
}
