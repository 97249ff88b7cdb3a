import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env";
import { setResponseHeader } from "../http/response-headers";
import { newId } from "../lib/ids";

/** A client-sent X-Request-Id is honoured only if it is a short, safe token. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/**
 * The first step of every request (docs/architecture.md, "The request path"): its id, the client's
 * X-Request-Id if sane, else a new one, set as the `requestId` variable for the log and the error
 * envelope, and sent back as X-Request-Id on every response, refusals included.
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = assignRequestId(c);
    await next();
    setResponseHeader(c, "X-Request-Id", id);
  };
}

export function assignRequestId(c: Context<AppEnv>): string {
  const sent = c.req.header("x-request-id");
  const id = sent && SANE_REQUEST_ID.test(sent) ? sent : newId("req");
  c.set("requestId", id);
  return id;
}
