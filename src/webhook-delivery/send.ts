import { signedHeaders } from "./signing";

/** Bounded wait for a receiver (Standard Webhooks recommends short timeouts; receivers should queue work). */
export const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 300;

export interface SendRequest {
  url: string;
  keyBytes: Uint8Array;
  msgId: string;
  body: string;
  now: number;
  timeoutMs: number;
  fetcher: typeof fetch;
}

export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * One signed POST. 2xx is success; anything else fails, including 3xx:
 * redirects are not followed (a redirect could point at an address the URL
 * check refused).
 */
export async function sendSigned(req: SendRequest): Promise<SendOutcome> {
  const started = Date.now();
  try {
    const res = await req.fetcher(req.url, {
      method: "POST",
      headers: await signedHeaders(req.keyBytes, req.msgId, req.now, req.body),
      body: req.body,
      redirect: "manual",
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    await res.body?.cancel(); // the response body is never needed
    const ok = res.status >= 200 && res.status < 300;
    const error = ok
      ? null
      : res.status >= 300 && res.status < 400
        ? `redirect not followed (HTTP ${res.status})`
        : `HTTP ${res.status}`;
    return { ok, statusCode: res.status, durationMs: Date.now() - started, error };
  } catch (err) {
    const name = (err as Error)?.name;
    const error =
      name === "TimeoutError" || name === "AbortError"
        ? `timed out after ${req.timeoutMs} ms`
        : `network error: ${String((err as Error)?.message ?? err)}`;
    return { ok: false, statusCode: null, durationMs: Date.now() - started, error: error.slice(0, MAX_ERROR_LENGTH) };
  }
}
