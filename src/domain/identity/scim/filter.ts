import { type Filter, parse } from "scim2-parse-filter";
import type { FilterColumn, FilterTable, ScimFilterNode } from "../../../db/scim-filter";
import { ScimError } from "./errors";

/** More comparisons than any directory sends (Okta, Entra ID and Google Workspace send one): a bound on the SQL. */
const MAX_COMPARISONS = 20;

const invalidFilter = (detail: string) => new ScimError(400, detail, "invalidFilter");

/**
 * A list's `filter` (RFC 7644 §3.4.2.2), parsed by scim2-parse-filter and checked against the
 * attributes `table` names: `and`, `or`, `not`, grouping, `eq ne co sw ew gt ge lt le pr`, and a
 * value filter on a multi-valued attribute (`emails[type eq "work"]`). Attribute names are
 * case-insensitive and may carry the core schema URN (RFC 7644 §3.10). String comparisons follow
 * the attribute's caseExact (RFC 7643 §2.2); `gt`/`ge`/`lt`/`le` compare strings and dateTimes in
 * order and are refused on booleans (§3.4.2.2). Anything else — an attribute not in `table`, a
 * value of the wrong type, an ordering on a boolean — is 400 `invalidFilter` (§3.12), never
 * answered as if the filter were something else.
 */
export function scimFilter(filter: string | undefined, table: FilterTable): ScimFilterNode | null {
  if (filter === undefined || filter.trim() === "") return null;
  let ast: Filter;
  try {
    ast = parse(filter);
  } catch {
    throw invalidFilter("the filter is not a SCIM filter expression (RFC 7644 §3.4.2.2)");
  }
  const counter = { n: 0 };
  return resolve(ast, table, counter);
}

const names = (table: FilterTable) =>
  [
    ...Object.keys(table.columns),
    ...Object.entries(table.multiValued).flatMap(([m, d]) => [
      m,
      ...Object.keys(d.subAttributes).map((s) => `${m}.${s}`),
    ]),
  ].join(", ");

function canonical(keys: string[], path: string): string | undefined {
  const key = path.toLowerCase();
  return keys.find((k) => k.toLowerCase() === key);
}

function resolve(ast: Filter, table: FilterTable, counter: { n: number }): ScimFilterNode {
  switch (ast.op) {
    case "and":
    case "or":
      return { op: ast.op, filters: ast.filters.map((f) => resolve(f, table, counter)) };
    case "not":
      return { op: "not", filter: resolve(ast.filter, table, counter) };
    case "[]": {
      const attribute = canonical(Object.keys(table.multiValued), stripUrn(ast.attrPath));
      if (!attribute) throw invalidFilter(`${ast.attrPath} is not a multi-valued attribute a filter may name here`);
      const sub: FilterTable = { columns: table.multiValued[attribute]!.subAttributes, multiValued: {} };
      return { op: "[]", attribute, filter: resolve(ast.valFilter, sub, counter) };
    }
    default: {
      counter.n += 1;
      if (counter.n > MAX_COMPARISONS) throw invalidFilter(`at most ${MAX_COMPARISONS} comparisons in a filter`);
      const path = stripUrn(ast.attrPath);
      const [attribute, column] = attributeOf(table, path);
      if (!attribute)
        throw invalidFilter(`${ast.attrPath} is not an attribute a filter may name here (${names(table)})`);
      if (ast.op === "pr") return { op: "pr", attribute };
      // A multi-valued attribute itself (`emails eq …`) has no single value to compare.
      if (!column) throw invalidFilter(`${ast.attrPath} is compared by a sub-attribute (e.g. ${attribute}.value)`);
      return { op: ast.op, attribute, value: comparedValue(ast.attrPath, column, ast.op, ast.compValue) };
    }
  }
}

/** The canonical name and column of `path`: a column, a multi-valued attribute, or one's sub-attribute. */
function attributeOf(table: FilterTable, path: string): [string | undefined, FilterColumn | undefined] {
  const direct = canonical(Object.keys(table.columns), path);
  if (direct) return [direct, table.columns[direct]];
  const [head, sub] = path.split(".", 2) as [string, string | undefined];
  const multi = canonical(Object.keys(table.multiValued), head);
  if (!multi) return [undefined, undefined];
  if (sub === undefined) return [multi, undefined];
  const subAttributes = table.multiValued[multi]!.subAttributes;
  const s = canonical(Object.keys(subAttributes), sub);
  return s ? [`${multi}.${s}`, subAttributes[s]] : [undefined, undefined];
}

function comparedValue(path: string, column: FilterColumn, op: string, value: unknown): string | boolean {
  if (column.type === "boolean") {
    if (typeof value !== "boolean") throw invalidFilter(`${path} is a boolean: compare it with true or false`);
    if (op !== "eq" && op !== "ne") throw invalidFilter(`${path} is a boolean: only eq, ne and pr apply`);
    return value;
  }
  if (typeof value !== "string") throw invalidFilter(`${path} is a ${column.type}: compare it with a string`);
  if (column.type === "dateTime") {
    // RFC 7643 §2.3.5 xsd:dateTime; compared as the stored ISO 8601 UTC form, so "…T00:00:00Z" and
    // "…T00:00:00.000Z" are the same instant.
    const at = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(at)) {
      throw invalidFilter(`${path} is a dateTime: compare it with an xsd:dateTime such as 2026-01-31T12:00:00Z`);
    }
    if (op === "co" || op === "sw" || op === "ew")
      throw invalidFilter(`${path} is a dateTime: co, sw and ew do not apply`);
    return new Date(at).toISOString();
  }
  return value;
}

/** RFC 7644 §3.10: an attribute may be named with its schema URN (`urn:…:core:2.0:User:userName`). */
function stripUrn(path: string): string {
  return path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, "");
}
