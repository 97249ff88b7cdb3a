import { invalidValue, ScimError } from "./errors";
import { type AttributeDefinition, SCIM } from "./schemas";

/**
 * Reading a directory's JSON into the attributes a schema defines. Attribute names are
 * case-insensitive (RFC 7643 §2.1): each key is matched to its definition and stored under the
 * defined name; keys no definition names are dropped (an extension's object, e.g. the Enterprise
 * User extension Entra ID sends, is read by its own reader, enterprise.ts). Values are checked against their type; readOnly ones are ignored
 * (RFC 7644 §3.3: "readOnly … SHALL be ignored").
 */
export type Attributes = Record<string, unknown>;

const MAX_TEXT = 1024;
const MAX_VALUES = 20;

/** Entra ID sends booleans as the strings "True" and "False" in PATCH (its documented quirk). */
function booleanOf(path: string, value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw invalidValue(`${path}: a boolean`);
}

function scalarOf(def: AttributeDefinition, path: string, value: unknown): unknown {
  if (def.type === "boolean") return booleanOf(path, value);
  if (def.type === "complex") return complexOf(def.subAttributes ?? [], path, value);
  if (typeof value !== "string") throw invalidValue(`${path}: a string`);
  if (value.length > MAX_TEXT) throw invalidValue(`${path}: at most ${MAX_TEXT} characters`);
  return value;
}

function complexOf(defs: AttributeDefinition[], path: string, value: unknown): Attributes {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw invalidValue(`${path}: an object`);
  return attributesOf(defs, value as Attributes, `${path}.`);
}

/** The attributes of `input` that `defs` define, under their defined names, type-checked. */
export function readAttributes(defs: AttributeDefinition[], input: Attributes): Attributes {
  return attributesOf(defs, input, "");
}

function attributesOf(defs: AttributeDefinition[], input: Attributes, prefix: string): Attributes {
  const byName = new Map(defs.map((d) => [d.name.toLowerCase(), d]));
  const out: Attributes = {};
  for (const [key, value] of Object.entries(input)) {
    const def = byName.get(stripUrn(key).toLowerCase());
    if (!def || def.mutability === "readOnly" || value === null || value === undefined) continue;
    const path = `${prefix}${def.name}`;
    if (def.multiValued) {
      if (!Array.isArray(value)) throw invalidValue(`${path}: a list`);
      if (value.length > MAX_VALUES) throw new ScimError(400, `${path}: at most ${MAX_VALUES} values`, "tooMany");
      const items = value.map((v, i) => scalarOf(def, `${path}[${i}]`, v));
      if (items.length > 0) out[def.name] = items;
    } else {
      const item = scalarOf(def, path, value);
      if (typeof item !== "object" || Object.keys(item as object).length > 0) out[def.name] = item;
    }
  }
  return out;
}

/** `urn:ietf:params:scim:schemas:core:2.0:User:userName` → `userName` (RFC 7644 §3.10). */
function stripUrn(key: string): string {
  for (const urn of [SCIM.user, SCIM.group]) {
    if (key.toLowerCase().startsWith(`${urn.toLowerCase()}:`)) return key.slice(urn.length + 1);
  }
  return key;
}

/** At most one `primary: true` in a multi-valued attribute (RFC 7643 §2.4). */
export function requireOnePrimary(path: string, values: Attributes[] | undefined) {
  if ((values ?? []).filter((v) => v.primary === true).length > 1) throw invalidValue(`${path}: at most one primary`);
}

/**
 * `attributes` / `excludedAttributes` (RFC 7644 §3.4.2.5, §3.9): top-level or `parent.sub` names,
 * with or without the core schema URN, case-insensitive; an extension's attributes are named
 * `URN:attribute[.sub]` and the URN alone names the whole extension (RFC 7644 §3.10). `id` and
 * `schemas` are always returned.
 */
export function project(resource: Attributes, query: { attributes?: string; excludedAttributes?: string }): Attributes {
  const names = (list: string | undefined) =>
    (list ?? "")
      .split(",")
      .map((n) => stripUrn(n.trim()).toLowerCase())
      .filter(Boolean);
  const include = names(query.attributes);
  const exclude = names(query.excludedAttributes);
  if (include.length === 0 && exclude.length === 0) return resource;
  return select(resource, include, exclude, new Set(["id", "schemas"]));
}

/** The attributes of `resource` that `include` names (all when it is empty) less those `exclude` names. */
function select(resource: Attributes, include: string[], exclude: string[], always: Set<string>): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(resource)) {
    const k = key.toLowerCase();
    if (always.has(k)) {
      out[key] = value;
      continue;
    }
    // An extension's attributes follow its URN after a colon, a complex attribute's after a period.
    const prefix = `${k}${k.startsWith("urn:") ? ":" : "."}`;
    const subsOf = (list: string[]) => list.filter((n) => n.startsWith(prefix)).map((n) => n.slice(prefix.length));
    const within = (v: unknown, inc: string[], exc: string[]) =>
      typeof v === "object" && v !== null ? select(v as Attributes, inc, exc, new Set()) : v;
    if (include.length > 0) {
      if (include.includes(k)) out[key] = value;
      else {
        const subs = subsOf(include);
        if (subs.length > 0)
          out[key] = Array.isArray(value) ? value.map((v) => within(v, subs, [])) : within(value, subs, []);
      }
      continue;
    }
    if (exclude.includes(k)) continue;
    const subs = subsOf(exclude);
    out[key] =
      subs.length === 0
        ? value
        : Array.isArray(value)
          ? value.map((v) => within(v, [], subs))
          : within(value, [], subs);
  }
  return out;
}
