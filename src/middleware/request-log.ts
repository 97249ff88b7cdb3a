import type { Context } from "hono";
import { routePath } from "hono/route";
import { recordMetric } from "../adapters/metrics";
import type { AppEnv } from "../http/app-env";

/**
 * After a request is answered (by requestFrame, src/middleware/request-frame.ts): one JSON log line
 * (Workers Logs indexes its fields; docs/operations.md, "Logs") and one `request` data point
 * (src/adapters/metrics/). Both carry only what an operator needs
 * and nothing personal or secret: the request id (the client's X-Request-Id or ours), the route
 * pattern (never the path: ids and tokens in it stay out), method, status, the error code of a
 * failure, the duration, what kind of credential called (not who) and the organization acted for.
 * A 5xx's cause is logged beside it by onError (src/http/on-error.ts), with the same request id.
 */
export function logRequest(c: Context<AppEnv>, startedAt: number): void {
  try {
    writeRequestLog(c, startedAt);
  } catch (err) {
    // Never the request's failure: it has been answered.
    console.error(JSON.stringify({ msg: "request log failed", request_id: c.get("requestId"), error: String(err) }));
  }
}

function writeRequestLog(c: Context<AppEnv>, startedAt: number): void {
  const status = c.res.status;
  const route = c.get("route") ?? routePath(c);
  const code = c.get("errorCode") ?? "";
  const durationMs = Date.now() - startedAt;
  recordMetric(c.env, { kind: "request", route, method: c.req.method, status, durationMs, code });
  if (c.env.REQUEST_LOG === "off" && c.env.ENVIRONMENT !== "production") return;
  const principal = c.get("principal");
  const line = {
    msg: "request",
    request_id: c.get("requestId"),
    method: c.req.method,
    route,
    status,
    duration_ms: durationMs,
    principal: principal?.credential.kind ?? "anonymous",
    organization: principal?.organization?.id ?? null,
    ...(code ? { code } : {}),
  };
  if (status >= 500) console.error(JSON.stringify(line));
  else console.log(JSON.stringify(line));
}
