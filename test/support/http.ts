import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createApp } from "../../src/app";
import type { Bindings } from "../../src/bindings";
import worker from "../../src/index";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  apiKey?: string;
  body?: unknown;
  /** Raw body: sent as-is (for malformed JSON and content-type tests). */
  raw?: BodyInit;
  headers?: Record<string, string>;
  /** Cloudflare request properties (e.g. { country: "DE" }), as the edge would set them. */
  cf?: Record<string, unknown>;
  /** Vars replaced for this request only (e.g. real-time ANALYSIS_TIME_SCALE). */
  vars?: Partial<Record<keyof Bindings, string>>;
  /**
   * Answer only once the request's background work (its waitUntil: an API key's last_used_at, the
   * limiter's paced KV write) has finished: what a check that it did, or did not, write waits on.
   */
  settled?: boolean;
}

export const BASE = "http://127.0.0.1:8787";

/** The request a client would send (shared by api() and apiWithEnv()). */
function clientRequest(method: string, path: string, opts: RequestOptions): Request {
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  if (opts.apiKey) headers.set("X-API-Key", opts.apiKey);
  // Each call comes from its own client address unless a test says otherwise,
  // so per-IP limits only bite where a test means them to.
  if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", randomIp());
  let body: BodyInit | undefined = opts.raw;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new Request(`${BASE}${path}`, { method, headers, body, ...(opts.cf ? { cf: opts.cf } : {}) } as RequestInit);
}

async function toApiResponse<T>(res: Response): Promise<ApiResponse<T>> {
  const text = await res.text();
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/**
 * Call the real worker (its default export's fetch) as a client would: background work
 * (waitUntil) is not awaited. Called in the test's isolate rather than through
 * `exports.default.fetch`: the pool serves each of those through its runner Durable Object and a
 * wrapper class, about 30 ms a request (its cost also grew with every call, 240 ms after 400: the
 * wrapper's Proxy chain, test/support/pool-prototype-fix.ts). Tests of separate request contexts
 * (WebSockets, requests side by side) call `exports.default.fetch` themselves.
 */
export async function api<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  return toApiResponse<T>(await workerFetch(clientRequest(method, path, opts), opts.vars, opts.settled));
}

/** The worker's default export's fetch, called in the test's isolate (see api()); `settled` as api()'s. */
export async function workerFetch(
  request: Request,
  overrides?: Record<string, unknown>,
  settled = false,
): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, overrides ? ({ ...env, ...overrides } as Bindings) : env, ctx);
  if (settled) await waitOnExecutionContext(ctx);
  return res;
}

/**
 * Call the real worker with some bindings or vars replaced (a failing queue, a
 * broken D1, real-time processing): fault injection at the edge of the worker.
 * Like api(), background work (waitUntil) is not awaited: it is the limiter's and
 * the usage counter's paced writes, each a second later, and no test reads them.
 */
export async function apiWithEnv<T = any>(
  overrides: Record<string, unknown>,
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<ApiResponse<T>> {
  return toApiResponse<T>(await workerFetch(clientRequest(method, path, opts), overrides));
}

/**
 * The real app with its rate-limit clock pinned at `now`: every request of a
 * test counts in the same fixed windows, so no test waits out a minute boundary.
 * `vars` replace some of the pool's variables, as api()'s do.
 */
export function appAt(now: number, vars?: Record<string, unknown>) {
  const app = createApp({ now: () => now });
  const bindings = vars ? ({ ...env, ...vars } as Bindings) : env;
  // Background work (the limiter's KV sync, paced at a second) is not awaited, as with a real client.
  const fetch = async (request: Request): Promise<Response> => app.fetch(request, bindings, createExecutionContext());
  return {
    fetch,
    api: async <T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> =>
      toApiResponse<T>(await fetch(clientRequest(method, path, opts))),
  };
}

/** One second into the current window of `seconds` (fixed, epoch-aligned): where a burst that must stay inside one window starts. */
export const startOfWindow = (seconds: number) => Math.floor(Date.now() / (seconds * 1000)) * seconds * 1000 + 1_000;
export const startOfMinuteWindow = () => startOfWindow(60);

/** Assert the error envelope shape of spec part 7 and return the error. */
export function expectErrorEnvelope(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }, res.text).toEqual({ status, code });
  const err = res.body.error;
  if (res.body.success !== false) throw new Error("success must be false");
  for (const k of ["code", "message", "details", "timestamp", "request_id"]) {
    if (!(k in err)) throw new Error(`error.${k} missing: ${res.text}`);
  }
  if (res.headers.get("x-request-id") !== err.request_id) throw new Error("X-Request-Id must equal error.request_id");
  if (Number.isNaN(Date.parse(err.timestamp))) throw new Error("error.timestamp must be ISO 8601");
  return err as { code: string; message: string; details: any; timestamp: string; request_id: string };
}

/** A client address of its own (RFC 2544's benchmarking range), so per-address limits bite only where a test means them to. */
export function randomIp(): string {
  const b = new Uint8Array(3);
  crypto.getRandomValues(b);
  return `198.18.${b[0]}.${(b[1]! % 254) + 1}`;
}
