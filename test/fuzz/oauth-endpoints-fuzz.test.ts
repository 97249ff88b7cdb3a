import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AUTHORIZATION_PARAMS } from "../../src/domain/identity/oauth/authorization-request";
import { randomIp, workerFetch } from "../support/http";

/**
 * Property: the authorization server's endpoints never answer 5xx to random
 * forms, headers and queries, and the JSON endpoints always answer an RFC
 * 6749 error object (or success) — never the /v1 envelope, never HTML.
 */
const field = fc.constantFrom(
  "grant_type",
  "client_id",
  "client_secret",
  "code",
  "redirect_uri",
  "code_verifier",
  "refresh_token",
  "scope",
  "token",
  "token_type_hint",
  "state",
);
const value = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(
    "client_credentials",
    "authorization_code",
    "refresh_token",
    "password",
    "sart_x",
    "saac_x",
    "eyJhbGciOiJub25lIn0.e30.",
    "%",
    "\u0000",
    "a".repeat(5000),
  ),
);
const form = fc.array(fc.tuple(field, value), { maxLength: 8 }).map((pairs) => new URLSearchParams(pairs).toString());
const authorization = fc.option(
  fc.oneof(
    fc.constantFrom("Basic", "Basic !!!", "Basic Og==", "Bearer x", "Digest y"),
    fc.string({ maxLength: 40 }).map((s) => `Basic ${btoa(unescape(encodeURIComponent(s)))}`),
  ),
  { nil: undefined },
);
const contentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded; charset=utf-8",
);

async function call(method: string, path: string, body?: string, headers: Record<string, string | undefined> = {}) {
  // An address per request: from one address the token endpoint's throttle would answer most cases with
  // 429 after the first few failures — how many depending on how fast they went out — not the endpoint.
  const h = new Headers({ "cf-connecting-ip": randomIp() });
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) h.set(k, v);
  const res = await workerFetch(
    new Request(`http://127.0.0.1:8787${path}`, { method, headers: h, body, redirect: "manual" }),
  );
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    text: await res.text(),
    cache: res.headers.get("cache-control"),
  };
}

describe("fuzzing the authorization server", () => {
  it("token, revoke and introspect: never 5xx, always RFC JSON errors with no-store", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/oauth2/token", "/oauth2/revoke", "/oauth2/introspect"),
        form,
        authorization,
        contentType,
        async (path, body, auth, type) => {
          const res = await call("POST", path, body, { authorization: auth, "content-type": type });
          expect(res.status, `${path} ${body} → ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
          expect(res.cache).toBe("no-store");
          // biome-ignore-start lint/nursery/noConditionalExpect: a fuzz property: an error answer is checked for RFC 6749 §5.2's shape; a success has no error to check
          if (res.status >= 400) {
            const parsed = JSON.parse(res.text) as { error: string; error_description: string; success?: unknown };
            expect(typeof parsed.error).toBe("string");
            expect(typeof parsed.error_description).toBe("string");
            expect(parsed.success).toBeUndefined();
          }
          // biome-ignore-end lint/nursery/noConditionalExpect: a fuzz property: an error answer is checked for RFC 6749 §5.2's shape; a success has no error to check
        },
      ),
      { numRuns: 150 },
    );
  });

  it("authorize: never 5xx and never redirects for an unknown client", async () => {
    const query = fc.array(fc.tuple(fc.constantFrom(...AUTHORIZATION_PARAMS), value), { maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (pairs, post) => {
        const qs = new URLSearchParams(pairs).toString();
        const res = post
          ? await call("POST", "/oauth2/authorize", qs, { "content-type": "application/x-www-form-urlencoded" })
          : await call("GET", `/oauth2/authorize?${qs}`);
        expect(res.status, `${qs} → ${res.status}`).toBeLessThan(500);
        expect([200, 302, 303]).not.toContain(res.status); // no client exists with these ids
      }),
      { numRuns: 100 },
    );
  });
});
