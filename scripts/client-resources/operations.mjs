// The resource layer's model, read from the served document: every operation, grouped by its first tag into a
// resource (`webhooks`, `api_keys`, `auth`), with a method name made from its operationId (`listWebhookDeliveries`
// in `webhooks` → `list_deliveries`), its parameters in call order and what a success answers. Each language's
// emitter (typescript.mjs, python.mjs, go.mjs) writes its methods from this, so an operation added to the
// document becomes a method of every client at the next `npm run client:generate`.

/** Resource names where the tag's own would read badly in code; any other tag is its snake_case name. */
const RESOURCE_OF_TAG = {
  Authentication: "auth",
  "Authorization server": "oauth2",
  "Enterprise sign-on": "sso",
  "Live progress": "progress",
  "MCP server": "mcp",
};

/** Words an operationId may use for its resource besides the resource's own (oauthToken in `oauth2`). */
const EXTRA_NOUNS = {
  analysis: [["session", "analysis"]],
  oauth2: [["oauth"]],
  progress: [["session", "progress"]],
  second_factors: [["mfa"]],
};

/** camelCase / PascalCase / "Tag words" → lower-case words; "OAuth" stays one word. */
function wordsOf(name) {
  return (
    name
      .replace(/OAuth/g, "Oauth")
      .match(/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+/g)
      ?.map((w) => w.toLowerCase()) ?? []
  );
}

export const snake = (words) => words.join("_");
export const camel = (words) => words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join("");
export const pascal = (words) => words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");

const singular = (word) =>
  word.endsWith("ies")
    ? `${word.slice(0, -3)}y`
    : word.endsWith("s") && !word.endsWith("ss")
      ? word.slice(0, -1)
      : word;

/**
 * The method's words: the operationId's, less the resource's noun where it comes first or right after the verb
 * (createWebhook → create, listApiKeys → list, exportSessions in `exports` → sessions). An operationId that is
 * nothing but the noun keeps its words.
 */
function methodWords(operationId, resource) {
  const words = wordsOf(operationId);
  const own = resource.split("_");
  const nouns = [own, [...own.slice(0, -1), singular(own.at(-1))], ...(EXTRA_NOUNS[resource] ?? [])];
  for (const at of [0, 1])
    for (const noun of nouns) {
      const here = words.slice(at, at + noun.length);
      if (here.length === noun.length && here.every((w, i) => w === noun[i] || w === singular(noun[i]))) {
        const rest = [...words.slice(0, at), ...words.slice(at + noun.length)];
        if (rest.length > 0) return rest;
      }
    }
  return words;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** A $ref'd schema, response or parameter resolved in the document. */
function resolver(doc) {
  return function resolve(node) {
    let n = node;
    while (n?.$ref)
      n = n.$ref
        .split("/")
        .slice(1)
        .reduce((o, k) => o?.[k], doc);
    return n;
  };
}

/**
 * What a success answers: `envelope` (JSON `{success, data}`: the method returns data), `json` (any other JSON),
 * `websocket` (101: the method opens the socket) or `raw` (anything else — CSV, HTML, no 2xx at all: the method
 * returns the HTTP response), `raw-redirect` when that is a redirect to hand back rather than follow.
 */
function successOf(op, resolve) {
  const statuses = Object.keys(op.responses ?? {});
  if (statuses.includes("101")) return { kind: "websocket" };
  const ok = statuses.filter((s) => /^2\d\d$/.test(s)).sort();
  // Several successes (MCP's 200 JSON or SSE, 202 nothing) are told apart by the caller: the response itself.
  if (ok.length > 1) return { kind: "raw" };
  for (const status of ok) {
    const content = resolve(op.responses[status])?.content ?? {};
    const json = content["application/json"];
    if (!json) continue;
    const schema = resolve(json.schema);
    const props = schema?.properties ?? {};
    const kind = "success" in props && "data" in props ? "envelope" : "json";
    return { kind, status: Number(status) };
  }
  return { kind: statuses.some((s) => /^3\d\d$/.test(s)) ? "raw-redirect" : "raw" };
}

/** The resources of the document, sorted by name, each with its operations sorted by method name. */
export function resourcesOf(doc) {
  const resolve = resolver(doc);
  const byResource = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const tag = op.tags?.[0];
      if (!tag) throw new Error(`${op.operationId} has no tag: its resource is its first tag`);
      const resource = RESOURCE_OF_TAG[tag] ?? snake(wordsOf(tag));
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const body = op.requestBody ? resolve(op.requestBody) : undefined;
      const list = byResource.get(resource) ?? { name: resource, tag, operations: [] };
      // Served at the origin, outside /v1 (the authorization server, /mcp, /.well-known): its own `servers` say so.
      const servers = op.servers ?? item.servers ?? [];
      list.operations.push({
        operationId: op.operationId,
        atOrigin: servers.some((s) => !/\/v1\/?$/.test(s.url)),
        words: methodWords(op.operationId, resource),
        summary: op.summary ?? op.operationId,
        description: op.description ?? "",
        deprecated: op.deprecated === true,
        method,
        path,
        pathParams,
        query: parameters.filter((p) => p.in === "query"),
        headers: parameters.filter((p) => p.in === "header"),
        body: body ? { required: body.required === true, contentTypes: Object.keys(body.content ?? {}) } : undefined,
        success: successOf(op, resolve),
      });
      byResource.set(resource, list);
    }
  const resources = [...byResource.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const r of resources) {
    // Two operations that would share a name keep their whole operationIds.
    const counts = new Map();
    for (const o of r.operations) counts.set(snake(o.words), (counts.get(snake(o.words)) ?? 0) + 1);
    for (const o of r.operations) if (counts.get(snake(o.words)) > 1) o.words = wordsOf(o.operationId);
    r.operations.sort((a, b) => snake(a.words).localeCompare(snake(b.words)));
  }
  return resources;
}

/** The document's text as a doc comment's lines: the summary, then the description, each line trimmed. */
export function docLines(op) {
  const lines = [op.summary.replace(/\.$/, ""), ...(op.description ? ["", ...op.description.split("\n")] : [])];
  if (op.deprecated) lines.push("", "Deprecated.");
  return lines.map((l) => l.trimEnd());
}
