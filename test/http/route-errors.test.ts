import { describe, expect, it } from "vitest";
import { ERROR_STATUS } from "../../src/http/error-status";
import { servedOpenApiDocument } from "../support/openapi";

/**
 * The sources, as text, for a static reading: which catalogue codes each route can raise, as far
 * as that is knowable without running it — `new AppError("CODE"` in the route file itself and in
 * each domain function the route file imports and calls, with the functions of that same file it
 * calls in turn (not across further imports).
 */
const routes = import.meta.glob<string>("../../src/routes/**/*.ts", { query: "?raw", import: "default", eager: true });
const domain = import.meta.glob<string>("../../src/domain/**/*.ts", { query: "?raw", import: "default", eager: true });

const CODE = /new AppError\("([A-Z_]+)"/g;
const codesIn = (text: string) => new Set([...text.matchAll(CODE)].map((m) => m[1]!));

/** Codes raised by function `name` of `source` and, transitively, the functions of the same file it calls. */
function codesOfFunction(source: string, name: string, seen = new Set<string>()): Set<string> {
  const codes = new Set<string>();
  if (seen.has(name)) return codes;
  seen.add(name);
  const body = functionBody(source, name);
  if (!body) return codes;
  for (const c of codesIn(body)) codes.add(c);
  for (const m of body.matchAll(/\b([a-zA-Z_][A-Za-z0-9_]*)\(/g))
    if (m[1] !== name) for (const c of codesOfFunction(source, m[1]!, seen)) codes.add(c);
  return codes;
}

/** The text of `(export )?(async )?function name(` up to the next top-level declaration. */
function functionBody(source: string, name: string): string | undefined {
  const start = source.search(new RegExp(`^(export )?(async )?function ${name}\\b`, "m"));
  if (start < 0) return undefined;
  const rest = source.slice(start + 1);
  const end = rest.search(/\n(export |function |async function |const |class )/);
  return end < 0 ? rest : rest.slice(0, end);
}

function domainImports(route: string): Array<{ file: string; name: string }> {
  const out: Array<{ file: string; name: string }> = [];
  for (const m of route.matchAll(/import \{([^}]+)\} from "((?:\.\.\/)+domain\/[^"]+)"/g)) {
    const file = `../../src/${m[2]!.replace(/^(\.\.\/)+/, "")}.ts`;
    for (const n of m[1]!.split(",")) {
      const name = n
        .replace(/^\s*type\s+/, "")
        .trim()
        .split(/\s+as\s+/)[0]!;
      if (name) out.push({ file, name });
    }
  }
  return out;
}

/** Codes the static reading finds but the route cannot raise, each with why. */
const SETTLE_ONLY_PAST_DUE =
  "settleIfPastDue calls retryPayment only for a past_due account, the one status retryPayment does not refuse";
const UNREACHABLE: Record<string, Record<string, string>> = {
  addPaymentMethod: { NOTHING_TO_RETRY: SETTLE_ONLY_PAST_DUE },
  setDefaultPaymentMethod: { NOTHING_TO_RETRY: SETTLE_ONLY_PAST_DUE },
};

describe("error codes each route can raise vs the responses its operation documents", () => {
  it("every code raised in a route file, or in a domain function it calls, is documented on that route's operation", async () => {
    const doc = await servedOpenApiDocument();
    const documented = new Map<string, string>();
    for (const item of Object.values<
      Record<string, { operationId?: string; responses?: Record<string, { description?: string }> }>
    >(doc.paths))
      for (const op of Object.values(item))
        if (op.operationId)
          documented.set(
            op.operationId,
            Object.entries(op.responses ?? {})
              .map(([status, r]) => `${status}:${r.description ?? ""}`)
              .join("\n"),
          );

    const missing: string[] = [];
    let checked = 0;
    for (const [file, text] of Object.entries(routes)) {
      const ops = [...text.matchAll(/operationId: "([A-Za-z0-9]+)"/g)].map((m) => m[1]!);
      if (ops.length !== 1) continue; // one operation per file: the codes are that operation's
      const op = ops[0]!;
      const raised = codesIn(text);
      for (const { file: f, name } of domainImports(text)) {
        if (domain[f] && new RegExp(`\\b${name}\\(`).test(text))
          for (const c of codesOfFunction(domain[f], name)) raised.add(c);
      }
      const responses = documented.get(op);
      if (responses === undefined) continue; // not in the /v1 document (the authorization server has its own)
      checked += 1;
      for (const code of raised) {
        if (UNREACHABLE[op]?.[code]) continue;
        const status = ERROR_STATUS[code as keyof typeof ERROR_STATUS];
        if (!new RegExp(`^${status}:.*\`${code}\``, "m").test(responses))
          missing.push(`${op} (${file}): ${status} ${code}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it("POST /v1/auth/login documents 403 SSO_REQUIRED (enforced sign-on, docs/sso.md)", async () => {
    const doc = await servedOpenApiDocument();
    expect(doc.paths["/auth/login"].post.responses["403"].description).toContain("`SSO_REQUIRED`");
  });
});
