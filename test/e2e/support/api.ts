import { verifyEmail } from "./mail";
/** A small JSON client for e2e tests against a running server. */
export interface ApiResult {
  status: number;
  /** Parsed JSON, or null when the answer was not JSON (e.g. wrangler's HTML error page). */
  body: any;
  headers: Headers;
  text: string;
}

/**
 * A client of its own address (CF-Connecting-IP, which Cloudflare sets at the edge and `wrangler
 * dev` passes through; from 198.18.0.0/15, the benchmarking range of RFC 2544): files sharing one
 * server do not spend each other's per-address sign-in budget, as distinct clients would not.
 */
export function testClientAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** fetch as a client at `clientAddress` (CF-Connecting-IP), e.g. for an SDK that takes a fetch of its own. */
export function fetchFrom(clientAddress: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("cf-connecting-ip", clientAddress);
    return fetch(input, { ...init, headers });
  };
}

/** A client of the server at `baseUrl()`, calling from `clientAddress` (its own rate-limit budget). */
export function apiClient(baseUrl: () => string, clientAddress = testClientAddress()) {
  const call = async (
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResult> => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "cf-connecting-ip": clientAddress,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  };
  let n = 0;
  const register = async (label: string): Promise<string> => {
    const reg = await call("POST", "/v1/auth/register", undefined, {
      email: `${label}.${Date.now()}.${n++}@example.com`,
      username: label.replace(/[^a-z0-9]/gi, "").slice(0, 20) || "user",
      password: "correct-horse-42",
      tier: "basic",
      marketing_consent: false,
    });
    if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
    await verify(reg);
    return reg.body.data.token as string;
  };
  /**
   * Verify a registration's email with the token mailed to it (its holder's step, which grants the
   * free credits, docs/decisions.md "Free credits"); returns the registration for chaining.
   */
  const verify = async (reg: ApiResult): Promise<ApiResult> => {
    if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text.slice(0, 200)}`);
    await verifyEmail(baseUrl(), reg.body.data.user.email);
    return reg;
  };
  return { call, register, verify };
}

/**
 * The envelope's `data`, or an error naming the status and the catalogue code
 * (a 429 says RATE_LIMIT_EXCEEDED and its Retry-After instead of "undefined").
 */
export function dataOf<T = any>(res: ApiResult): T {
  if (res.status < 400 && res.body?.success === true) return res.body.data as T;
  const code = res.body?.error?.code ?? "not an envelope";
  const retry = res.headers.get("retry-after");
  throw new Error(`HTTP ${res.status} ${code}${retry ? ` (Retry-After ${retry} s)` : ""}: ${res.text.slice(0, 200)}`);
}

/** Saves the test gateway's always-approved card for the caller (POST /v1/billing/payment-methods). */
export async function addTestCard(call: ReturnType<typeof apiClient>["call"], token: string): Promise<ApiResult> {
  return call("POST", "/v1/billing/payment-methods", token, {
    number: "4242424242424242",
    exp_month: 12,
    exp_year: 2034,
    cvc: "123",
  });
}

/** Poll `probe` until it returns a non-undefined value, or throw after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
