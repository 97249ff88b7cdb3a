import { describe, expect, it } from "vitest";

/**
 * The shape of the domain's functions (docs/architecture.md): `fn(ctx, input)`. An exported
 * function in src/domain takes at most two parameters, none of them a store, a KV namespace or
 * the bindings (the context carries those), and none defaulting to the wall clock (the context's
 * `now()` is the clock tests pin). Files are read as text (Vite's import.meta.glob) and each
 * exported function's parameter list is split at its top-level commas.
 */
const sources = import.meta.glob<string>("../../src/domain/**/*.ts", { query: "?raw", import: "default", eager: true });

/** Pure functions of values that keep a positional list, each for its reason. */
const ALLOWED: Record<string, string> = {
  "billing/cards.ts isExpired": "pure: a card's expiry month and year against an instant",
  "billing/period.ts dunningRetryAt": "pure arithmetic of a retry schedule",
  "billing/stripe-signature.ts stripeSignature":
    "Stripe's signing scheme: secret, timestamp, payload, as its docs name them",
  "billing/stripe-signature.ts verifyStripeSignature":
    "Stripe's verification scheme (header, payload, secrets, tolerance instant)",
  "encryption/secret-box.ts seal": "AEAD's own shape (key, plaintext, associated data; RFC 5116 §2.1)",
  "encryption/secret-box.ts open": "AEAD's own shape (key, ciphertext, associated data; RFC 5116 §2.2)",
  "exports/stream.ts exportStream": "pure stream builder over a page reader (no store: the reader is given)",
  "identity/acting-account-cache.ts rememberAccountRef": "an isolate-local cache entry: key, value, instant",
  "identity/mfa/totp.ts matchingStep": "RFC 6238 §4: secret, code, instant",
  "identity/oauth/authorization-request.ts redirectBack": "pure URL building (RFC 6749 §4.1.2, RFC 9207 iss)",
  "identity/sso/saml/xml.ts children": "DOM helper: parent, namespace, local name (as the DOM API takes them)",
  "identity/sso/saml/xml.ts onlyChild": "DOM helper: parent, namespace, local name (as the DOM API takes them)",
  "organizations/roles.ts checkRoleChange": "pure rule over three roles (actor, from, to)",
  "sessions/families.ts requireSessionScope": "pure check of a principal's scopes for a session type and action",
  "sessions/pricing.ts cancellationRefund": "pure pricing rule",
  "sessions/schedule.ts scheduleFor": "pure schedule arithmetic",
  "users/resources.ts userResource": "pure rendering of a resource",
  "webhooks/deliveries.ts payloadBody": "pure rendering of the Standard Webhooks payload",
  "webhooks/events.ts eventMessage": "pure rendering of an event message",
};

interface Signature {
  file: string;
  name: string;
  params: string[];
}

/** Everything between the `(` at `open` and its matching `)`, comments removed. */
function parenthesised(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error(`unbalanced parentheses at ${open}`);
}

/** Top-level comma-separated parts (brackets, braces, parentheses and generics nest; `=>` is not a bracket). */
function splitParams(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === "=" && list[i + 1] === ">") {
      i++;
      continue;
    }
    if ("([{<".includes(ch!)) depth++;
    else if (")]}>".includes(ch!)) depth--;
    else if (ch === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

function signaturesOf(file: string, raw: string): Signature[] {
  const text = raw.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\n]*/g, "");
  const found: Signature[] = [];
  const declarations = [
    /export\s+(?:async\s+)?function\*?\s+(\w+)\s*(?:<[^(]*>)?\s*\(/g,
    /export\s+const\s+(\w+)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:<[^(]*>)?\s*\(/g,
  ];
  for (const pattern of declarations) {
    for (const m of text.matchAll(pattern)) {
      const open = m.index + m[0].length - 1;
      found.push({ file, name: m[1]!, params: splitParams(parenthesised(text, open)) });
    }
  }
  return found;
}

const signatures = Object.entries(sources).flatMap(([path, text]) =>
  signaturesOf(path.replace(/^.*\/src\/domain\//, ""), text),
);

/** Where the domain reads the wall clock itself, each for its reason (everything else asks ctx.now()). */
const WALL_CLOCK: Record<string, string> = {
  "admin/system-status.ts": "a stopwatch: how long a health probe took, not the instant a test pins",
};

/** Each `Date.now()` outside comments, as `file:line`. */
function wallClockReads(file: string, raw: string): string[] {
  const text = raw.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/\/\/[^\n]*/g, "");
  return text.split("\n").flatMap((line, i) => (/\bDate\.now\(\)/.test(line) ? [`${file}:${i + 1}`] : []));
}

const OUTSIDE = /\b(?:D1Database|D1DatabaseSession|Store|KeyValues|KVNamespace|Bindings|Env)\b/;
const PARAM_NAME = /^(?:readonly\s+)?(\w+)/;

describe("domain function signatures: fn(ctx, input)", () => {
  it("finds the domain's exported functions (the parser sees them)", () => {
    expect(signatures.length).toBeGreaterThan(300);
    const register = signatures.find((s) => s.file === "identity/accounts.ts" && s.name === "register");
    expect(register?.params.map((p) => PARAM_NAME.exec(p)?.[1])).toEqual(["ctx", "input"]);
  });

  it("no exported domain function takes a store, a KV namespace, the bindings or env", () => {
    const offenders = signatures
      .filter((s) => s.params.some((p) => OUTSIDE.test(p) || /^(?:env|d1|db)\b/.test(p)))
      .map((s) => `${s.file} ${s.name}(${s.params.join(", ")})`);
    expect(offenders).toEqual([]);
  });

  it("no exported domain function takes more than two parameters or its own clock, but the allowed", () => {
    const offenders = signatures
      .filter((s) => !(`${s.file} ${s.name}` in ALLOWED))
      .filter((s) => s.params.length > 2 || s.params.some((p) => /=\s*Date\.now\(\)/.test(p)))
      .map((s) => `${s.file} ${s.name}(${s.params.join(", ")})`);
    expect(offenders).toEqual([]);
  });

  it("each allowance names a function that still needs it", () => {
    const needed = new Set(
      signatures
        .filter((s) => s.params.length > 2 || s.params.some((p) => /=\s*Date\.now\(\)/.test(p)))
        .map((s) => `${s.file} ${s.name}`),
    );
    expect(Object.keys(ALLOWED).filter((k) => !needed.has(k))).toEqual([]);
  });

  it("reads the clock through ctx.now() (no `Date.now()`, no `input.now ?? Date.now()`), but where allowed", () => {
    const reads = Object.entries(sources).flatMap(([path, text]) => {
      const file = path.replace(/^.*\/src\/domain\//, "");
      return file in WALL_CLOCK ? [] : wallClockReads(file, text);
    });
    expect(reads).toEqual([]);
    const allowedStillRead = Object.keys(WALL_CLOCK).filter((file) =>
      Object.entries(sources).some(
        ([path, text]) => path.endsWith(`/src/domain/${file}`) && wallClockReads(file, text).length > 0,
      ),
    );
    expect(allowedStillRead).toEqual(Object.keys(WALL_CLOCK));
    expect(
      wallClockReads(
        "example.ts",
        "// Date.now() in a comment\nconst now = input.now ?? Date.now();\n/* Date.now() */",
      ),
    ).toEqual(["example.ts:2"]);
  });

  it("the check catches the shapes it forbids", () => {
    const caught = signaturesOf(
      "example.ts",
      `export async function a(d1: Store, id: string) {}
       export function b(ctx: Context, x: { f: (y: number) => Promise<void> }, now = Date.now()) {}
       export const c = async (ctx: Context, input: Map<string, number>, extra: string) => {};
       export function d(ctx: Context, input: { a: string; b: Array<[number, string]> }) {}`,
    );
    expect(caught.map((s) => [s.name, s.params.length])).toEqual([
      ["a", 2],
      ["b", 3],
      ["d", 2],
      ["c", 3],
    ]);
    expect(OUTSIDE.test(caught[0]!.params[0]!)).toBe(true);
  });
});
