// The Python client's resource layer (session_analysis/generated/resources.py): a class per resource, a method per
// operation, sync and asyncio. Each method calls the module openapi-python-client generated for the operation
// (found by its HTTP method and path) with the same parameters, read from that module's `sync_detailed`, so the
// types are the generator's own; the document's summary and description are its docstring.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { docLines, pascal, snake } from "./operations.mjs";

/** Splits at `sep` outside brackets and strings. */
function splitTop(text, sep) {
  const parts = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote && text[i - 1] !== "\\") quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (depth === 0 && text.startsWith(sep, i)) {
      parts.push(text.slice(start, i).trim());
      start = i + sep.length;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((p) => p !== "");
}

/** A Python file's `from X import a, b` names: name → the module it comes from (relative dots kept). */
function importsOf(text) {
  const names = new Map();
  for (const m of text.matchAll(/^\s*from ([.\w]+) import (\([^)]*\)|[^\n]+)/gm))
    for (const item of m[2].replace(/[()]/g, "").split(","))
      if (item.trim())
        names.set(
          item
            .trim()
            .split(/\s+as\s+/)
            .at(-1),
          m[1],
        );
  return names;
}

/** A module path relative to `fromDir` (a directory under generated/) as an import from generated/resources.py. */
function fromResources(module, fromDir) {
  const dots = module.match(/^\.*/)[0].length;
  if (dots === 0) return module;
  const base = fromDir
    .split("/")
    .filter(Boolean)
    .slice(0, fromDir.split("/").filter(Boolean).length - (dots - 1));
  const rest = module.slice(dots);
  return `.${[...base, ...(rest ? rest.split(".") : [])].join(".")}`;
}

const BUILTIN = new Set([
  "str",
  "int",
  "float",
  "bool",
  "bytes",
  "None",
  "True",
  "False",
  "list",
  "dict",
  "set",
  "tuple",
]);

/** The generated package, read once: every operation module and the models' imports and kinds. */
function readPackage(generated) {
  const operations = new Map();
  const apiDir = path.join(generated, "api");
  for (const dir of readdirSync(apiDir, { withFileTypes: true }).filter((d) => d.isDirectory()))
    for (const file of readdirSync(path.join(apiDir, dir.name)).filter(
      (f) => f.endsWith(".py") && f !== "__init__.py",
    )) {
      const text = readFileSync(path.join(apiDir, dir.name, file), "utf8");
      const method = /"method": "(\w+)"/.exec(text)?.[1];
      const url = /"url": "([^"]+)"/.exec(text)?.[1];
      if (!method || !url) throw new Error(`${dir.name}/${file}: no method or url in _get_kwargs`);
      // A module importing a model the generator did not write (it warns and goes on) cannot be imported.
      const missing = [...text.matchAll(/from \.\.\.models\.(\w+) import/g)].filter(
        (m) => !existsSync(path.join(generated, "models", `${m[1]}.py`)),
      );
      operations.set(`${method} ${url}`, {
        dir: dir.name,
        module: file.slice(0, -3),
        text,
        broken: missing.length > 0,
      });
    }
  const models = new Map();
  const modelsDir = path.join(generated, "models");
  for (const file of readdirSync(modelsDir).filter((f) => f.endsWith(".py") && f !== "__init__.py")) {
    const text = readFileSync(path.join(modelsDir, file), "utf8");
    const name = /^class (\w+)/m.exec(text)?.[1];
    if (name)
      models.set(name, { module: file.slice(0, -3), text, isEnum: /^class \w+\((str, )?(Str)?Enum\)/m.test(text) });
  }
  return { operations, models };
}

/** `def <fn>(…) -> Response[…]:` of an operation module: its parameters and its success types. */
function signatureOf(text, fn, where) {
  const m = new RegExp(`^(?:async )?def ${fn}\\(([\\s\\S]*?)\\) -> Response\\[([\\s\\S]*?)\\]:`, "m").exec(text);
  if (!m) throw new Error(`${where}: no ${fn}`);
  const params = [];
  let keywordOnly = false;
  for (const part of splitTop(m[1], ",")) {
    if (part === "*") {
      keywordOnly = true;
      continue;
    }
    const [, name, annotation, value] = /^(\w+): ([\s\S]+?)(?: = ([\s\S]+))?$/.exec(part) ?? [];
    if (!name) throw new Error(`${where}: cannot read the parameter ${part}`);
    params.push({ name, annotation, value, keywordOnly });
  }
  const returns = splitTop(m[2], "|").filter((t) => t !== "ErrorEnvelope" && t !== "OAuthError");
  return { params, returns };
}

/** A method's docstring, indented for a method body. */
function docstringOf(lines) {
  const text = lines
    .map((l, i) => (i === 0 || !l ? l : `        ${l}`))
    .join("\n")
    .replaceAll("\\", "\\\\")
    .replaceAll('"""', '\\"\\"\\"');
  return `"""${text}\n        """`;
}

/** Each method's Python text, sync and async; the names it needs go into `imports` (name → module). */
function emitterWith(pkg, imports) {
  const need = (names, fileImports, fromDir, text) => {
    for (const id of text.replace(/"[^"]*"|'[^']*'/g, "").match(/[A-Za-z_]\w*(?:\.\w+)*/g) ?? []) {
      const first = id.split(".")[0];
      if (BUILTIN.has(first) || first === "builtins") continue;
      if (first === "datetime") {
        imports.set("datetime", null);
        continue;
      }
      const from = fileImports.get(first);
      if (!from) throw new Error(`${fromDir}: cannot resolve ${first} in ${text}`);
      imports.set(first, fromResources(from, fromDir));
      names.add(first);
    }
  };
  /**
   * An operation openapi-python-client wrote no usable module for (it skips what it cannot model, with a warning):
   * the method still exists, untyped, sending the document's parameters by name and returning the JSON (the
   * envelope's data).
   */
  function untyped(o) {
    const name = snake(o.words);
    const pathParams = o.pathParams.map((p) => `${p}: str`);
    const body = o.body ? [`body: Mapping[str, Any]${o.body.required ? "" : " | None = None"}`] : [];
    const byName = [...o.query, ...o.headers.filter((h) => h.name !== "X-Client-Version")].map((p) => ({
      python: snake(p.name.split(/[^A-Za-z0-9]+/).map((w) => w.toLowerCase())),
      ...p,
    }));
    const signature = ["self", ...pathParams, ...body, ...(byName.length ? ["*"] : [])]
      .concat(byName.map((p) => `${p.python}: str | int | float | bool | None = None`))
      .join(", ");
    const pathArgs = o.pathParams.map((p) => `${p}=quote(str(${p}), safe="")`).join(", ");
    imports.set("quote", "urllib.parse");
    const url = o.pathParams.length ? `${JSON.stringify(o.path)}.format(${pathArgs})` : JSON.stringify(o.path);
    const dict = (ps) => `{${ps.map((p) => `${JSON.stringify(p.name)}: ${p.python}`).join(", ")}}`;
    const args = [
      JSON.stringify(o.method.toUpperCase()),
      url,
      `body=${o.body ? "body" : "None"}`,
      `query=${dict(byName.filter((p) => p.in === "query"))}`,
      `headers=${dict(byName.filter((p) => p.in === "header"))}`,
      `envelope=${o.success.kind === "envelope" ? "True" : "False"}`,
      `at_origin=${o.atOrigin ? "True" : "False"}`,
    ].join(", ");
    const doc = docstringOf([
      ...docLines(o),
      "",
      "Untyped: openapi-python-client generated no usable module for this operation; the method sends the",
      "document's parameters as given and returns the JSON answer (an envelope's data).",
      "",
      `operationId: ${o.operationId} — \`\`${o.method.toUpperCase()} ${o.path}\`\``,
    ]);
    return {
      sync: `    def ${name}(${signature}) -> Any:\n        ${doc}\n        return self._api.call_json(${args})\n`,
      async: `    async def ${name}(${signature}) -> Any:\n        ${doc}\n        return await self._api.call_json(${args})\n`,
    };
  }

  // Inside a class whose methods may be named `list`, the builtin needs its module's name.
  const qualified = (annotation) => annotation.replace(/\b(list|dict|set|tuple)\[/g, "builtins.$1[");

  return function methodOf(o) {
    const where = `${o.method.toUpperCase()} ${o.path} (${o.operationId})`;
    const found = pkg.operations.get(`${o.method} ${o.path}`);
    if (!found || found.broken) return untyped(o);
    const fileImports = importsOf(found.text);
    const dir = `api/${found.dir}`;
    const alias = `_${found.dir}_${found.module}`;
    imports.set(alias, `.api.${found.dir}.${found.module}`);
    const names = new Set();
    const { params, returns } = signatureOf(found.text, "sync_detailed", where);
    // The body comes right after the path parameters, positionally (`api.webhooks.create({...})`); the rest by name.
    const own = params
      .filter((p) => p.name !== "client" && p.name !== "x_client_version")
      .map((p) => (p.name === "body" ? { ...p, keywordOnly: false } : p))
      .sort((a, b) => Number(a.keywordOnly) - Number(b.keywordOnly));
    const signature = [];
    const args = [];
    let star = false;
    for (const p of own) {
      if (p.keywordOnly && !star) {
        signature.push("*");
        star = true;
      }
      need(names, fileImports, dir, `${p.annotation} ${p.value ?? ""}`);
      const bare = p.annotation.replace(/ \| Unset$/, "");
      const model = pkg.models.get(bare);
      let annotation = qualified(p.annotation);
      let arg = p.name;
      if (model?.isEnum) {
        annotation = annotation.replace(bare, `${bare} | str`);
        arg = `_enum(${bare}, ${p.name})`;
        imports.set("_enum", "");
      } else if (p.name === "body" && model) {
        const optional = p.annotation.endsWith(" | Unset");
        annotation = `${bare} | Mapping[str, Any]${optional ? " | Unset" : ""}`;
        arg = `${optional ? "_optional_model" : "_model"}(${bare}, body)`;
        imports.set("_model", "");
      }
      signature.push(`${p.name}: ${annotation}${p.value !== undefined ? ` = ${p.value}` : ""}`);
      args.push(`${p.name}=${arg}`);
    }
    const call = (fn) => [`${alias}.${fn}`, ...args].join(", ");
    // Operations outside /v1 (the authorization server, /mcp, /.well-known) go to the origin.
    const at = o.atOrigin ? "_at_origin" : "";
    const docstring = docstringOf([
      ...docLines(o),
      "",
      `operationId: ${o.operationId} — \`\`${o.method.toUpperCase()} ${o.path}\`\``,
    ]);
    const name = snake(o.words);
    const selfParams = ["self", ...signature].join(", ");
    if (o.success.kind === "websocket") {
      const pathArgs = o.pathParams.map((p) => `${p}=quote(str(${p}), safe="")`).join(", ");
      imports.set("quote", "urllib.parse");
      const url = `${JSON.stringify(o.path)}.format(${pathArgs})`;
      // The client's credential goes in the upgrade's headers: access_token (for clients without headers) is not needed.
      return {
        sync: `    def ${name}(${["self", ...o.pathParams.map((p) => `${p}: str`)].join(", ")}) -> Iterator[dict[str, Any]]:\n        ${docstring}\n        return self._api.open_progress(${url})\n`,
        async: `    def ${name}(${["self", ...o.pathParams.map((p) => `${p}: str`)].join(", ")}) -> AsyncIterator[dict[str, Any]]:\n        ${docstring}\n        return self._api.open_progress(${url})\n`,
      };
    }
    // A success the generator could not type as one model (Any: several media types, or none; a union) is handed
    // back as the response; so is an envelope whose model has no data field.
    const single = returns.length === 1 && returns[0] !== "Any" ? pkg.models.get(returns[0]) : undefined;
    const data = single && /^ {4}data: (.+)$/m.exec(single.text)?.[1];
    const untypable =
      returns.length !== 1 || returns[0] === "Any" || (o.success.kind === "envelope" && data === undefined);
    if (o.success.kind === "raw" || o.success.kind === "raw-redirect" || untypable) {
      return {
        sync: `    def ${name}(${selfParams}) -> Response[Any]:\n        ${docstring}\n        return self._api.call_raw${at}(${call("sync_detailed")})\n`,
        async: `    async def ${name}(${selfParams}) -> Response[Any]:\n        ${docstring}\n        return await self._api.call_raw${at}(${call("asyncio_detailed")})\n`,
      };
    }
    const kind = returns[0];
    need(names, fileImports, dir, kind);
    let returned = kind;
    let suffix = "";
    if (o.success.kind === "envelope") {
      need(names, importsOf(single.text), "models", data);
      returned = qualified(data);
      suffix = ".data";
    }
    return {
      sync: `    def ${name}(${selfParams}) -> ${returned}:\n        ${docstring}\n        return self._api.call_as${at}(${kind}, ${call("sync_detailed")})${suffix}\n`,
      async: `    async def ${name}(${selfParams}) -> ${returned}:\n        ${docstring}\n        return (await self._api.call_as${at}(${kind}, ${call("asyncio_detailed")}))${suffix}\n`,
    };
  };
}

/** The file's text (before ruff formats it). */
export function pythonResources(resources, generated, title, version) {
  const pkg = readPackage(generated);
  const imports = new Map([
    ["Response", ".types"],
    ["Unset", ".types"],
  ]);
  const methodOf = emitterWith(pkg, imports);
  const classes = [];
  for (const r of resources) {
    const cls = `${pascal(r.name.split("_"))}Service`;
    const methods = r.operations.map((o) => methodOf(o));
    const summary = `${r.tag}: ${r.operations.length} operation${r.operations.length === 1 ? "" : "s"}.`;
    classes.push(
      `class ${cls}:\n    """${summary}"""\n\n    def __init__(self, api: Caller) -> None:\n        self._api = api\n\n${methods.map((m) => m.sync).join("\n")}`,
      `class Async${cls}:\n    """${summary} (asyncio)"""\n\n    def __init__(self, api: AsyncCaller) -> None:\n        self._api = api\n\n${methods.map((m) => m.async).join("\n")}`,
    );
  }
  const attrs = (prefix) =>
    resources.map((r) => `        self.${r.name} = ${prefix}${pascal(r.name.split("_"))}Service(api)`).join("\n");
  // name → module: a module of its own (`_webhooks_list_webhooks`), a name from a module, or a plain `import`.
  const fromImports = new Map();
  const moduleImports = [];
  for (const [name, module] of [...imports].sort(([a], [b]) => a.localeCompare(b))) {
    if (module === null || module === "") continue;
    if (name.startsWith("_") && module.startsWith(".api.")) {
      const at = module.lastIndexOf(".");
      moduleImports.push(`from ${module.slice(0, at)} import ${module.slice(at + 1)} as ${name}`);
    } else fromImports.set(module, [...(fromImports.get(module) ?? []), name]);
  }
  return `"""Generated by \`npm run client:generate\` from the served /v1/openapi.json (${title} ${version}): every operation of
the document as a method, grouped by resource (its first tag), over the modules openapi-python-client generated.
Do not edit: scripts/client-resources/python.mjs writes it, and CI (\`npm run client:check\`) fails when it differs."""

from __future__ import annotations

import builtins
${imports.has("datetime") ? "import datetime\n" : ""}from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from enum import Enum
from typing import Any, Protocol, TypeVar, cast
${[...fromImports]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([m, names]) => `from ${m} import ${[...new Set(names)].sort().join(", ")}`)
  .join("\n")}
${moduleImports.join("\n")}

T = TypeVar("T")
E = TypeVar("E", bound=Enum)
M = TypeVar("M")


class Caller(Protocol):
    """What the resources call: the client (session_analysis.SessionAnalysis), with its credentials and retries."""

    def call_as(self, kind: type[T], operation: Callable[..., Response[Any]], /, **kwargs: Any) -> T: ...

    def call_raw(self, operation: Callable[..., Response[Any]], /, **kwargs: Any) -> Response[Any]: ...

    def call_as_at_origin(self, kind: type[T], operation: Callable[..., Response[Any]], /, **kwargs: Any) -> T: ...

    def call_raw_at_origin(self, operation: Callable[..., Response[Any]], /, **kwargs: Any) -> Response[Any]: ...

    def open_progress(self, path: str) -> Iterator[dict[str, Any]]: ...

    def call_json(
        self,
        method: str,
        path: str,
        *,
        body: Mapping[str, Any] | None,
        query: Mapping[str, Any],
        headers: Mapping[str, Any],
        envelope: bool,
        at_origin: bool,
    ) -> Any: ...


class AsyncCaller(Protocol):
    """What the asyncio resources call: session_analysis.AsyncSessionAnalysis."""

    async def call_as(self, kind: type[T], operation: Callable[..., Any], /, **kwargs: Any) -> T: ...

    async def call_raw(self, operation: Callable[..., Any], /, **kwargs: Any) -> Response[Any]: ...

    async def call_as_at_origin(self, kind: type[T], operation: Callable[..., Any], /, **kwargs: Any) -> T: ...

    async def call_raw_at_origin(self, operation: Callable[..., Any], /, **kwargs: Any) -> Response[Any]: ...

    def open_progress(self, path: str) -> AsyncIterator[dict[str, Any]]: ...

    async def call_json(
        self,
        method: str,
        path: str,
        *,
        body: Mapping[str, Any] | None,
        query: Mapping[str, Any],
        headers: Mapping[str, Any],
        envelope: bool,
        at_origin: bool,
    ) -> Any: ...


def _enum(kind: type[E], value: E | str | Unset) -> E | Unset:
    """An enum parameter given as its value (\`"completed"\`) or as the member."""
    return kind(value) if isinstance(value, str) else value


def _model(kind: type[M], value: M | Mapping[str, Any]) -> M:
    """A body given as the generated model or as a mapping of the document's field names."""
    if isinstance(value, Mapping):
        return cast(M, getattr(kind, "from_dict")(value))
    return value


def _optional_model(kind: type[M], value: M | Mapping[str, Any] | Unset) -> M | Unset:
    """An optional body: as _model, or not given."""
    return value if isinstance(value, Unset) else _model(kind, value)


${classes.join("\n\n")}

class Resources:
    """Every resource of the API: \`api.webhooks.list()\`, \`api.api_keys.create({...})\`, \`api.auth.verify_email({...})\`."""

    def __init__(self, api: Caller) -> None:
${attrs("")}


class AsyncResources:
    """Every resource of the API, asyncio."""

    def __init__(self, api: AsyncCaller) -> None:
${attrs("Async")}
`;
}

/** The operationIds the file has a method for. */
export const pythonOperations = (text) => [
  ...new Set([...text.matchAll(/^\s*operationId: (\w+) /gm)].map((m) => m[1])),
];
