// What the API reference page shows readers, prepared from the served OpenAPI document (the
// document itself stays as the contract states it): illustrative examples where a schema gives
// none, the headers every operation shares described once at the top instead of on each
// operation, and descriptions without the repository's file paths. Loaded before init.js.

/** Parameters and response headers every /v1 operation carries (src/http/openapi-document.ts). */
const COMMON_PARAMETERS = ["XClientVersion", "XD1Bookmark"];
const COMMON_RESPONSE_HEADERS = [
  "RateLimit",
  "RateLimit-Policy",
  "X-Request-Id",
  "X-API-Version",
  "Access-Control-Allow-Origin",
  "X-D1-Bookmark",
];

/** Resource id prefixes (src/lib/ids.ts callers), for `*_id` fields without an example. */
const ID_PREFIXES = {
  session: "session",
  user: "user",
  organization: "org",
  webhook: "webhook",
  transaction: "txn",
  payment_method: "pm",
  key: "key",
  api_key: "key",
  invitation: "inv",
  delivery: "dlv",
  event: "evt",
  analysis: "analysis",
  account: "acct",
  client: "client",
  request: "req",
  ledger: "led",
};
const ID_DIGITS = "1763776000000123456";

const BY_FORMAT = {
  "date-time": "2026-01-15T09:30:00.000Z",
  date: "2026-01-15",
  email: "ada@example.com",
  uri: "https://example.com/hooks/session-analysis",
  url: "https://example.com/hooks/session-analysis",
  uuid: "3f2b8c1e-9a7d-4e2b-8c1f-5d6e7a8b9c0d",
  ipv4: "192.0.2.10",
  ipv6: "2001:db8::10",
};

const BY_NAME = {
  email: "ada@example.com",
  username: "ada",
  name: "Acme Research",
  cue: "Describe the object in the sealed envelope",
  description: "Nightly export to the data warehouse",
  url: "https://example.com/hooks/session-analysis",
  currency: "USD",
  password: "correct-horse-42",
  current_password: "correct-horse-42",
  new_password: "battery-staple-43",
  token: "sev_Q2hlY2sgeW91ciBpbmJveA",
  refresh_token: "rt_8f3c2a1b9d7e4f60a5b3c2d1e0f9a8b7",
  access_token: "eyJhbGciOiJFUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJ1c2VyXzEifQ.c2lnbmF0dXJl",
  domain: "acme.example",
  message: "Session created",
  code: "RESOURCE_NOT_FOUND",
  case_id: "case-2026-014",
  client_reference: "ref-7781",
  prefix: "sak_live_4f2a",
  key: "sak_4f2a9c1e7b3d5f60a8b2c4d6e8f0a1b3",
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  terrain: "coastal cliffs",
  model_version: "2026.01",
};

const stringExample = (name, schema) => {
  if (schema.format && BY_FORMAT[schema.format]) return BY_FORMAT[schema.format];
  if (name && BY_NAME[name] !== undefined) return BY_NAME[name];
  if (name === "id" || name?.endsWith("_id")) {
    const kind = name === "id" ? undefined : name.slice(0, -3);
    return `${ID_PREFIXES[kind] ?? kind ?? "id"}_${ID_DIGITS}`;
  }
  if (name && /_at$/.test(name)) return BY_FORMAT["date-time"];
  return undefined;
};

const hasExample = (s) =>
  s.example !== undefined ||
  s.examples !== undefined ||
  s.enum !== undefined ||
  s.const !== undefined ||
  s.default !== undefined;

/**
 * Gives string schemas without an example a realistic one, by format or field name (a property's
 * key, a parameter's name); walks the whole tree, leaving existing examples alone.
 */
function fillExamples(node, name, seen = new Set()) {
  if (!node || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) fillExamples(item, name, seen);
    return;
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("string") && !hasExample(node)) {
    const value = stringExample(name, node);
    if (value !== undefined) node.examples = [value];
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === "example" || key === "examples") continue;
    if (key === "properties" && child && typeof child === "object") {
      for (const [prop, schema] of Object.entries(child)) fillExamples(schema, prop, seen);
    } else if (key === "schema" && typeof node.name === "string") fillExamples(child, node.name, seen);
    else if (key === "items" || key === "allOf" || key === "anyOf" || key === "oneOf") fillExamples(child, name, seen);
    else fillExamples(child, undefined, seen);
  }
}

/** "(docs/security.md "Console")", "docs/decisions.md", "src/x.ts": file paths mean nothing to an API reader. */
function withoutRepositoryPaths(text) {
  return text
    .replace(/\s*\((?:see\s+)?(?:docs|src|test|scripts|migrations|clients)\/[^()]*\)/g, "")
    .replace(/(?:docs|src|scripts)\/[\w./-]+\.(?:md|ts|mjs)(?:\s+"[^"]*")?/g, "the service's documentation");
}

function cleanDescriptions(node, seen = new Set()) {
  if (!node || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  for (const [key, value] of Object.entries(node)) {
    if ((key === "description" || key === "summary") && typeof value === "string")
      node[key] = withoutRepositoryPaths(value);
    else cleanDescriptions(value, seen);
  }
}

/** Moves the shared headers off each operation into one section of the introduction. */
function gatherCommonHeaders(doc) {
  const components = doc.components ?? {};
  const isCommonParameter = (p) => COMMON_PARAMETERS.some((name) => p.$ref === `#/components/parameters/${name}`);
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      if (!op || typeof op !== "object" || !op.responses) continue;
      if (op.parameters) op.parameters = op.parameters.filter((p) => !isCommonParameter(p));
      for (const response of Object.values(op.responses)) {
        if (!response.headers) continue;
        for (const name of COMMON_RESPONSE_HEADERS) delete response.headers[name];
      }
    }
  }
  const rows = [
    ...COMMON_PARAMETERS.map((id) => components.parameters?.[id])
      .filter(Boolean)
      .map((p) => `| \`${p.name}\` | request (optional) | ${p.description} |`),
    ...COMMON_RESPONSE_HEADERS.filter((name) => components.headers?.[name]).map(
      (name) => `| \`${name}\` | response | ${components.headers[name].description} |`,
    ),
  ];
  // Folded, so the operations still start on the first screen.
  doc.info.description = [
    doc.info.description ?? "",
    "<details><summary>Headers on every operation</summary>",
    "Every /v1 operation accepts and answers these; the operations below list only their own.",
    `| Header | Where | What it is |\n| --- | --- | --- |\n${rows.join("\n")}`,
    "</details>",
  ].join("\n\n");
}

/** The document as the reference page shows it. */
window.prepareReference = (doc) => {
  gatherCommonHeaders(doc);
  cleanDescriptions(doc);
  fillExamples(doc.components?.schemas);
  fillExamples(doc.paths);
  return doc;
};
