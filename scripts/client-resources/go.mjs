// The Go client's resource layer (clients/go/resources.gen.go, package sessionanalysis): a service per resource, a
// method per operation, each calling the oapi-codegen client's `<Operation>WithResponse` (package api) with the same
// parameters, read from api.gen.go, and returning the envelope's data (or the JSON, or the response) with refusals
// as *APIError. Hand-written files add methods to the same services (Sessions.Follow, Sessions.ListAll …).
import { docLines, pascal } from "./operations.mjs";

/** Splits at commas outside brackets. */
function splitArgs(text) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if ("([{".includes(text[i])) depth++;
    else if (")]}".includes(text[i])) depth--;
    else if (depth === 0 && text[i] === ",") {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter(Boolean);
}

/** A type expression of package api, as written from package sessionanalysis. */
const qualify = (type, uses) =>
  type.replace(/(^|[^.\w])([A-Z]\w*)/g, "$1api.$2").replace(/\b(openapi_types|time|json)\./g, (m, pkg) => {
    uses.add(pkg);
    return m;
  });

/** The body of `type <name> struct {…}` (or of a field's inline struct) from the line after its opening. */
function blockAfter(lines, start) {
  const out = [];
  let depth = 1;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
    if (depth <= 0) return { body: out, end: i, closing: line };
    out.push(line);
  }
  throw new Error("unterminated struct");
}

/** An inline struct's lines, qualified: field names stay, their types gain `api.`. */
function qualifyStruct(lines, uses) {
  return lines.map((line) => {
    const m = /^(\s*)(\w+)(\s+)(.*?)(\s*`[^`]*`)?$/.exec(line);
    if (!m || line.trim().startsWith("}")) return line;
    return `${m[1]}${m[2]}${m[3]}${qualify(m[4], uses)}${m[5] ?? ""}`;
  });
}

/** What api.gen.go says of each operation: its client method's parameters and its response struct's fields. */
function readGenerated(source) {
  const methods = new Map();
  for (const m of source.matchAll(
    /^func \(c \*ClientWithResponses\) (\w+)WithResponse\(ctx context\.Context(?:, ([^\n]*?))?, reqEditors \.\.\.RequestEditorFn\) \(\*(\w+)Response, error\) \{$/gm,
  ))
    methods.set(m[1], { name: m[1], params: splitArgs(m[2] ?? ""), response: m[3] });
  const lines = source.split("\n");
  const responses = new Map();
  lines.forEach((line, i) => {
    const m = /^type (\w+)Response struct \{$/.exec(line);
    if (!m) return;
    const { body } = blockAfter(lines, i + 1);
    const fields = new Map();
    for (let j = 0; j < body.length; j++) {
      const f = /^\t(JSON\d{3}) (\*?)(.*)$/.exec(body[j]);
      if (!f) continue;
      if (f[3] === "struct {") {
        const inner = blockAfter(body, j + 1);
        fields.set(f[1], { inline: inner.body });
        j = inner.end;
      } else fields.set(f[1], { type: f[3] });
    }
    responses.set(m[1], fields);
  });
  return { methods, responses };
}

const comment = (lines) => lines.map((l) => (l ? `// ${l}` : "//")).join("\n");

/** The file's text (gofmt formats it). */
export function goResources(resources, source, version) {
  const { methods, responses } = readGenerated(source);
  const uses = new Set();
  const aliases = [];
  const services = [];

  /** The Go type of an inline struct, as an alias named for the operation. */
  const aliasFor = (name, lines) => {
    aliases.push(
      `// ${name} is the data its operation answers.\ntype ${name} = struct {\n${qualifyStruct(lines, uses).join("\n")}\n}`,
    );
    return name;
  };

  for (const r of resources) {
    const service = `${pascal(r.name.split("_"))}Service`;
    const body = [];
    for (const o of r.operations) {
      const where = `${o.method.toUpperCase()} ${o.path} (${o.operationId})`;
      // The typed variant: plain (JSON body or none), else one for the body's media type
      // (WithFormdataBody, WithApplicationScimPlusJSONBody …), else the io.Reader one (WithBody).
      const own = [...methods.values()].filter((m) => m.name.toLowerCase().startsWith(o.operationId.toLowerCase()));
      const generated =
        own.find((m) => m.name.toLowerCase() === o.operationId.toLowerCase()) ??
        own.find((m) => /With\w+Body$/.test(m.name) && !m.name.endsWith("WithBody")) ??
        own.find((m) => m.name.endsWith("WithBody"));
      if (!generated) throw new Error(`${where}: oapi-codegen generated no client method for it, so no method`);
      const params = generated.params.map((p) => {
        const [name, ...type] = p.split(" ");
        return { name, type: type.join(" ") };
      });
      const name = pascal(o.words);
      const signature = ["ctx context.Context"];
      const args = ["ctx"];
      const prelude = [];
      // Path parameters and the body in order, then the query and header parameters, optional (`params ...`:
      // none, or one; the generated request builders are given an empty one for none).
      for (const p of [...params.filter((p) => p.name !== "params"), ...params.filter((p) => p.name === "params")]) {
        if (p.name === "params" && p.type.startsWith("*")) {
          const type = qualify(p.type.slice(1), uses);
          signature.push(`params ...*${type}`);
          prelude.push(`\tparam := &${type}{}\n\tif len(params) > 0 && params[0] != nil {\n\t\tparam = params[0]\n\t}`);
        } else signature.push(`${p.name} ${qualify(p.type, uses)}`);
      }
      for (const p of params) args.push(p.name === "params" ? "param" : p.name);
      const doc = comment([
        `${name}: ${docLines(o)[0]}.`,
        ...docLines(o).slice(1),
        "",
        `operationId: ${o.operationId} — ${o.method.toUpperCase()} ${o.path}`,
      ]);
      // Operations outside /v1 (the authorization server, /mcp, /.well-known) go through the origin's client.
      const call = `s.c.${o.atOrigin ? "originAPI" : "API"}.${generated.name}WithResponse(${args.join(", ")})`;
      const head = `${doc}\nfunc (s *${service}) ${name}(${signature.join(", ")})`;
      const pre = prelude.length ? `${prelude.join("\n")}\n` : "";
      const { kind } = o.success;
      if (kind === "websocket") {
        const id = params.find((p) => p.type === "string")?.name;
        const path = o.path.replace(/\{[^}]+\}/, `" + url.PathEscape(${id}) + "`);
        uses.add("url");
        uses.add("iter");
        const open = ["ctx context.Context", ...params.filter((p) => p.name === id).map((p) => `${p.name} string`)];
        body.push(
          `${doc}\nfunc (s *${service}) ${name}(${open.join(", ")}) iter.Seq2[ProgressMessage, error] {\n\treturn s.c.follow(ctx, "${path}")\n}`,
        );
        continue;
      }
      const raw = (redirect) => {
        const ctxLine = redirect ? "\tctx = withoutRedirects(ctx)\n" : "";
        return `${head} (*api.${generated.response}Response, error) {\n${ctxLine}${pre}\tr, err := ${call}\n\tif r == nil {\n\t\treturn nil, err\n\t}\n\tif err := checkAnswer(r.HTTPResponse, r.Body, err); err != nil {\n\t\treturn nil, err\n\t}\n\treturn r, nil\n}`;
      };
      // A success the generated response does not type as expected is handed back as that response.
      const field = `JSON${o.success.status}`;
      const found = responses.get(generated.response)?.get(field);
      const dataAt = found?.inline?.findIndex((l) => /^\t\tData /.test(l)) ?? -1;
      if (kind === "raw" || kind === "raw-redirect" || !found || (kind === "envelope" && dataAt < 0)) {
        body.push(raw(kind === "raw-redirect"));
        continue;
      }
      let type;
      let result = "out";
      if (kind === "envelope") {
        const m = /^\t\tData (.*?)\s+`json:"data"`$/.exec(found.inline[dataAt]);
        if (m) type = qualify(m[1], uses);
        else if (/^\t\tData struct \{$/.test(found.inline[dataAt])) {
          const inner = blockAfter(found.inline, dataAt + 1);
          type = aliasFor(
            `${generated.name}Data`,
            inner.body.map((l) => l.replace(/^\t\t/, "")),
          );
        } else throw new Error(`${where}: cannot read ${found.inline[dataAt]}`);
        result = "&out.Data";
      } else type = found.inline ? aliasFor(`${generated.name}Result`, found.inline) : qualify(found.type, uses);
      body.push(
        `${head} (*${type}, error) {\n${pre}\tr, err := ${call}\n\tif r == nil {\n\t\treturn nil, err\n\t}\n\tout, err := unwrap(r.HTTPResponse, r.Body, r.${field}, err)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn ${result}, nil\n}`,
      );
    }
    services.push(
      `// ${service}: ${r.tag}, ${r.operations.length} operation${r.operations.length === 1 ? "" : "s"}.\ntype ${service} struct{ c *Client }\n\n${body.join("\n\n")}`,
    );
  }
  const fields = resources.map((r) => `\t${pascal(r.name.split("_"))} *${pascal(r.name.split("_"))}Service`);
  const inits = resources.map((r) => `\t\t${pascal(r.name.split("_"))}: &${pascal(r.name.split("_"))}Service{c},`);
  const imports = [
    "context",
    ...(uses.has("json") ? ["encoding/json"] : []),
    ...(uses.has("iter") ? ["iter"] : []),
    ...(uses.has("url") ? ["net/url"] : []),
    ...(uses.has("time") ? ["time"] : []),
    "",
    ...(uses.has("openapi_types") ? ['openapi_types "github.com/oapi-codegen/runtime/types"'] : []),
    '"github.com/session-analysis/session-analysis-go/api"',
  ].map((i) => (i === "" ? "" : i.includes('"') ? `\t${i}` : `\t"${i}"`));
  return `// Code generated by scripts/client-resources/go.mjs from the served /v1/openapi.json (API ${version}). DO NOT EDIT.

package sessionanalysis

import (
${imports.join("\n")}
)

// Services are the API's resources, each with a method per operation of the document (c.Webhooks.List,
// c.APIKeys … see each service), embedded in Client.
type Services struct {
${fields.join("\n")}
}

func newServices(c *Client) Services {
	return Services{
${inits.join("\n")}
	}
}

${aliases.join("\n\n")}

${services.join("\n\n")}
`;
}

/** The operationIds the file has a method for. */
export const goOperations = (text) => [...new Set([...text.matchAll(/^\/\/ operationId: (\w+) /gm)].map((m) => m[1]))];
