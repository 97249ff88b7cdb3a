import { signedHeaders } from "./signing";

/** Bounded wait for a receiver (Svix waits 15 s; Standard Webhooks: receivers should queue work and answer fast). */
export const DELIVERY_TIMEOUT_MS = 15_000;
const MAX_ERROR_LENGTH = 300;

export interface SendRequest {
  url: string;
  /** The signing keys: the current secret's, then the replaced one's while it overlaps. */
  keys: readonly Uint8Array[];
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
      headers: await signedHeaders(req.keys, req.msgId, req.now, req.body),
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
    return {
      ok: false,
      statusCode: null,
      durationMs: Date.now() - started,
      error: readableFailure(err, req.timeoutMs).slice(0, MAX_ERROR_LENGTH),
    };
  }
}

/** "15 s" for whole seconds, "150 ms" otherwise. */
const duration = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * Why no answer came, as the endpoint's owner would put it. The runtime's fetch names few causes:
 * "Network connection lost." when the connection was refused or dropped, "internal error; reference
 * = …" when the name did not resolve or TLS failed (workerd logs the detail, not the caller).
 */
export function readableFailure(err: unknown, timeoutMs: number): string {
  const name = (err as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") return `timed out after ${duration(timeoutMs)}`;
  const message = String((err as Error)?.message ?? err);
  if (/network connection lost|connection refused|ECONNREFUSED/i.test(message)) return "connection refused or reset";
  if (/^internal error/i.test(message)) return "could not connect (name not resolved or TLS failed)";
  return `network error: ${message.split("\n")[0]}`;
}
