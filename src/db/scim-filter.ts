/**
 * SCIM list filters (RFC 7644 §3.4.2.2) as SQL over scim_users / scim_groups. The domain parses and
 * checks the expression (src/domain/identity/scim/filter.ts) against the attributes named here; this
 * only turns the checked tree into a WHERE clause with bound values (nothing of the filter is ever
 * spliced into the SQL but these fixed column expressions).
 */

type ScimCompareOp = "eq" | "ne" | "co" | "sw" | "ew" | "gt" | "ge" | "lt" | "le";

export type ScimFilterNode =
  | { op: "and" | "or"; filters: ScimFilterNode[] }
  | { op: "not"; filter: ScimFilterNode }
  | { op: ScimCompareOp; attribute: string; value: string | boolean }
  | { op: "pr"; attribute: string }
  /** A multi-valued complex attribute with a filter on its sub-attributes (`emails[type eq "work"]`). */
  | { op: "[]"; attribute: string; filter: ScimFilterNode };

/** A filterable attribute: its SQL, its SCIM type and whether its comparisons are case-exact (RFC 7643 §2.2). */
export interface FilterColumn {
  sql: string;
  type: "string" | "boolean" | "dateTime";
  caseExact: boolean;
  /** The column already holds the value lower-cased (user_name, display_key): compared as it is. */
  lowered?: boolean;
}

/** A multi-valued complex attribute kept in the `resource` JSON: each value's sub-attributes. */
interface FilterMultiValued {
  json: string;
  subAttributes: Record<string, FilterColumn>;
}

export interface FilterTable {
  columns: Record<string, FilterColumn>;
  multiValued: Record<string, FilterMultiValued>;
}

const EMAIL_VALUE: Record<string, FilterColumn> = {
  value: { sql: "json_extract(ev.value, '$.value')", type: "string", caseExact: false },
  type: { sql: "json_extract(ev.value, '$.type')", type: "string", caseExact: false },
  primary: { sql: "json_extract(ev.value, '$.primary')", type: "boolean", caseExact: false },
};

/** RFC 7643 §4.3: the Enterprise User extension, kept in `resource` under its URN (src/domain/identity/scim/enterprise.ts). */
export const ENTERPRISE_USER = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

/** An attribute of the extension, named with its URN as a filter must (RFC 7644 §3.10); caseExact false (§4.3). */
const enterprise = (path: string): [string, FilterColumn] => [
  `${ENTERPRISE_USER}:${path}`,
  { sql: `json_extract(resource, '$."${ENTERPRISE_USER}".${path}')`, type: "string", caseExact: false },
];

/** What a Users filter may name (RFC 7643 §4.1, §3.1 meta, §4.3): the canonical names. */
export const USER_FILTER: FilterTable = {
  columns: {
    id: { sql: "id", type: "string", caseExact: true },
    userName: { sql: "user_name", type: "string", caseExact: false, lowered: true },
    externalId: { sql: "external_id", type: "string", caseExact: true },
    active: { sql: "active", type: "boolean", caseExact: false },
    displayName: { sql: "json_extract(resource, '$.displayName')", type: "string", caseExact: false },
    "name.familyName": { sql: "json_extract(resource, '$.name.familyName')", type: "string", caseExact: false },
    "name.givenName": { sql: "json_extract(resource, '$.name.givenName')", type: "string", caseExact: false },
    "meta.created": { sql: "created_at", type: "dateTime", caseExact: false },
    "meta.lastModified": { sql: "updated_at", type: "dateTime", caseExact: false },
    ...Object.fromEntries(
      ["employeeNumber", "costCenter", "organization", "division", "department", "manager.value"].map(enterprise),
    ),
  },
  multiValued: { emails: { json: "$.emails", subAttributes: EMAIL_VALUE } },
};

/** What a Groups filter may name (RFC 7643 §4.2). */
export const GROUP_FILTER: FilterTable = {
  columns: {
    id: { sql: "id", type: "string", caseExact: true },
    displayName: { sql: "display_key", type: "string", caseExact: false, lowered: true },
    externalId: { sql: "external_id", type: "string", caseExact: true },
    "meta.created": { sql: "created_at", type: "dateTime", caseExact: false },
    "meta.lastModified": { sql: "updated_at", type: "dateTime", caseExact: false },
  },
  multiValued: {},
};

/** The WHERE clause for `node` over `table`, and its bound values in order. */
export function filterSql(table: FilterTable, node: ScimFilterNode): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const sql = compile(table.columns, table.multiValued, node, params);
  return { sql, params };
}

function compile(
  columns: Record<string, FilterColumn>,
  multi: Record<string, FilterMultiValued>,
  node: ScimFilterNode,
  params: unknown[],
): string {
  switch (node.op) {
    case "and":
    case "or":
      return `(${node.filters.map((f) => compile(columns, multi, f, params)).join(` ${node.op.toUpperCase()} `)})`;
    case "not":
      return `(NOT ${compile(columns, multi, node.filter, params)})`;
    case "[]": {
      const m = multi[node.attribute]!;
      params.push(m.json);
      return `EXISTS (SELECT 1 FROM json_each(resource, ?) ev WHERE ${compile(m.subAttributes, {}, node.filter, params)})`;
    }
    default: {
      const [head, sub] = splitMulti(node.attribute, multi);
      if (head) {
        const m = multi[head]!;
        // `emails pr`: at least one value; `emails.value op x`: some value satisfies it, and `ne`
        // (RFC 7644 §3.4.2.2 "not equal") holds when none is equal.
        params.push(m.json);
        if (sub === undefined) return "EXISTS (SELECT 1 FROM json_each(resource, ?) ev)";
        if (node.op === "ne") {
          const eq = leaf(m.subAttributes[sub]!, { op: "eq", value: node.value }, params);
          return `NOT EXISTS (SELECT 1 FROM json_each(resource, ?) ev WHERE ${eq})`;
        }
        return `EXISTS (SELECT 1 FROM json_each(resource, ?) ev WHERE ${leaf(m.subAttributes[sub]!, node, params)})`;
      }
      return leaf(columns[node.attribute]!, node, params);
    }
  }
}

function splitMulti(attribute: string, multi: Record<string, FilterMultiValued>): [string | null, string | undefined] {
  const [head, sub] = attribute.split(".", 2) as [string, string | undefined];
  return head in multi ? [head, sub] : [null, undefined];
}

/** One comparison, 1 when it holds and 0 otherwise (never NULL, so `not` inverts an absent value too). */
function leaf(
  column: FilterColumn,
  node: { op: ScimCompareOp | "pr"; value?: string | boolean },
  params: unknown[],
): string {
  const caseless = column.type === "string" && !column.caseExact;
  const e = caseless && !column.lowered ? `lower(${column.sql})` : column.sql;
  if (node.op === "pr") return `COALESCE(${column.sql} IS NOT NULL AND ${column.sql} <> '', 0)`;
  const raw = node.value!;
  const value = typeof raw === "boolean" ? (raw ? 1 : 0) : caseless ? raw.toLowerCase() : raw;
  switch (node.op) {
    case "eq":
      params.push(value);
      return `COALESCE(${e} = ?, 0)`;
    case "ne":
      params.push(value);
      return `COALESCE(${e} <> ?, 1)`;
    case "co":
      params.push(value);
      return `COALESCE(instr(${e}, ?) > 0, 0)`;
    case "sw":
      params.push([...String(value)].length, value);
      return `COALESCE(substr(${e}, 1, ?) = ?, 0)`;
    case "ew":
      // substr(x, -0) is not the empty tail: an empty suffix is every present value.
      params.push(value, [...String(value)].length, value);
      return `COALESCE(${e} IS NOT NULL AND (? = '' OR substr(${e}, -?) = ?), 0)`;
    case "gt":
    case "ge":
    case "lt":
    case "le": {
      params.push(value);
      const sqlOp = { gt: ">", ge: ">=", lt: "<", le: "<=" }[node.op];
      return `COALESCE(${e} ${sqlOp} ?, 0)`;
    }
  }
}
