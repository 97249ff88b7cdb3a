import { type Attributes, readAttributes } from "./attributes";
import { invalidValue } from "./errors";
import { ENTERPRISE_ATTRIBUTES, SCIM } from "./schemas";

/**
 * The Enterprise User extension (RFC 7643 §4.3) of a User: read from a body, where it is the object
 * under its schema URN (RFC 7643 §3: "extension attributes … in a sub-attribute container named by
 * the schema URI"), and from PatchOp operations, whose paths and no-path value keys name its
 * attributes with the URN as prefix (RFC 7644 §3.10, §3.5.2.1, §3.5.2.3). Stored in the User's
 * `resource` JSON under the URN, so reads, projections and filters reach it by that key.
 */

const URN = SCIM.enterpriseUser;
const URN_KEY = URN.toLowerCase();
const PREFIX = `${URN_KEY}:`;
const SUB_ATTRIBUTES = ENTERPRISE_ATTRIBUTES.map((d) => d.name);

const isObject = (v: unknown): v is Attributes => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `manager` as its sub-attribute object: Entra ID sends the manager's id as a bare string or as
 * `{ value }` (older mappings as a one-element list); `$ref` is derived on read and `displayName` is
 * read-only (RFC 7643 §4.3), so only `value` is kept. An empty id is no manager.
 */
function managerOf(value: unknown): Attributes | undefined {
  const one = Array.isArray(value) && value.length === 1 ? value[0] : value;
  const id = typeof one === "string" ? one : isObject(one) ? (one.value ?? one.Value) : undefined;
  if (id === undefined || id === null || id === "") return undefined;
  if (typeof id !== "string") throw invalidValue(`${URN}:manager.value: the id of a User of this connection`);
  return { value: id };
}

/**
 * The extension's attributes in a User body, type-checked, or undefined when it has none. Names are
 * case-insensitive (RFC 7643 §2.1): the URN object under any casing, and `URN:attribute` keys a
 * client flattened, both count.
 */
export function readEnterprise(body: Attributes): Attributes | undefined {
  const merged: Attributes = {};
  for (const [key, value] of Object.entries(body)) {
    const k = key.toLowerCase();
    if (k === URN_KEY) {
      if (value === null || value === undefined) continue;
      if (!isObject(value)) throw invalidValue(`${URN}: an object of the extension's attributes`);
      Object.assign(merged, value);
    } else if (k.startsWith(PREFIX)) merged[key.slice(PREFIX.length)] = value;
  }
  const managerKey = Object.keys(merged).find((k) => k.toLowerCase() === "manager");
  if (managerKey) {
    const manager = managerOf(merged[managerKey]);
    delete merged[managerKey];
    if (manager) merged.manager = manager;
  }
  const attributes = readAttributes(ENTERPRISE_ATTRIBUTES, merged);
  return Object.keys(attributes).length > 0 ? attributes : undefined;
}

/** The extension of a stored resource, if it has one. */
export function enterpriseOf(resource: Attributes): Attributes | undefined {
  const ext = resource[URN];
  return isObject(ext) && Object.keys(ext).length > 0 ? ext : undefined;
}

type Operation = { op?: unknown; path?: unknown; value?: unknown; [k: string]: unknown };

/**
 * PatchOp operations rewritten so scim-patch, which takes the text after a path's last `:` as the
 * attribute, applies the extension's as RFC 7644 §3.5.2 says:
 * - a path `URN:attribute[.sub]` keeps the URN in its canonical casing; `manager` takes the bare id
 *   or `{ value }` alike, an empty one removes it, and a `remove` of an attribute ignores the value
 *   Entra ID sends with it (the old manager's id);
 * - a path that is the URN itself targets the extension as a whole: `add`/`replace` of an object
 *   sets each attribute given and leaves the others (§3.5.2.1, §3.5.2.3), `remove` removes them all;
 * - a no-path `value` object's `URN` and `URN:attribute` keys become operations of their own, the
 *   rest of the object stays one no-path operation.
 */
export function enterpriseOperations(operations: unknown[]): unknown[] {
  return operations.flatMap((o): unknown[] => {
    if (!isObject(o)) return [o];
    const operation = o as Operation;
    const op = typeof operation.op === "string" ? operation.op.toLowerCase() : "";
    const path = typeof operation.path === "string" ? operation.path.trim() : undefined;
    if (path !== undefined && path !== "") {
      const p = path.toLowerCase();
      if (p === URN_KEY) return whole(operation, op);
      if (p.startsWith(PREFIX)) return [attributeOperation(operation, op, path.slice(PREFIX.length), operation.value)];
      return [o];
    }
    if ((op === "add" || op === "replace") && isObject(operation.value)) {
      const rest: Attributes = {};
      const extension: unknown[] = [];
      for (const [key, value] of Object.entries(operation.value)) {
        const k = key.toLowerCase();
        if (k === URN_KEY) extension.push(...whole({ ...operation, value }, op));
        else if (k.startsWith(PREFIX))
          extension.push(attributeOperation(operation, op, key.slice(PREFIX.length), value));
        else rest[key] = value;
      }
      if (extension.length === 0) return [o];
      return Object.keys(rest).length > 0 ? [{ ...operation, value: rest }, ...extension] : extension;
    }
    return [o];
  });
}

function whole(operation: Operation, op: string): unknown[] {
  if (op === "remove") return SUB_ATTRIBUTES.map((name) => ({ op: "remove", path: `${URN}:${name}` }));
  if (!isObject(operation.value)) throw invalidValue(`${URN}: an object of the extension's attributes`);
  return Object.entries(operation.value).map(([name, value]) => attributeOperation(operation, op, name, value));
}

/** `department`, `Manager.Value` → the defined names (RFC 7643 §2.1: case-insensitive), so one key holds each. */
function canonical(attribute: string): string {
  const [head = "", ...subs] = attribute.split(".");
  const name = SUB_ATTRIBUTES.find((n) => n.toLowerCase() === head.toLowerCase()) ?? head;
  return [name, ...subs.map((s) => s.toLowerCase())].join(".");
}

function attributeOperation(operation: Operation, op: string, attribute: string, value: unknown): Operation {
  const name = canonical(attribute);
  const path = `${URN}:${name}`;
  if (op === "remove") return { op: "remove", path };
  if (name === "manager") {
    const manager = managerOf(value);
    return manager ? { ...operation, op, path, value: manager } : { op: "remove", path };
  }
  if (name === "manager.value" && (value === "" || value === null)) return { op: "remove", path: `${URN}:manager` };
  return { ...operation, op, path, value };
}
