import autocannon from "autocannon";

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  /** Seconds; the run is bounded by time. */
  duration: number;
  connections: number;
  /** Build each request (for bodies that must differ, e.g. fresh sessions). */
  setupRequest?: (req: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }) => typeof req;
}

/** One bounded autocannon run against one route. */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? "GET",
    headers: opts.headers,
    body: opts.body,
    duration: opts.duration,
    connections: opts.connections,
    ...(opts.setupRequest ? { requests: [{ setupRequest: opts.setupRequest as never }] } : {}),
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
