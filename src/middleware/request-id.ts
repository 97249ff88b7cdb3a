import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { setResponseHeader } from "../http/response-headers";
import { newId } from "../lib/ids";

/** A client-sent X-Request-Id is honoured only if it is a short, safe token. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = assignRequestId(c);
  await next();
  setResponseHeader(c, "X-Request-Id", id);
};

/** The request's id (the client's if sane, else a new one), set as the `requestId` variable. */
export function assignRequestId(c: Context<AppEnv>): string {
  const sent = c.req.header("x-request-id");
  const id = sent && SANE_REQUEST_ID.test(sent) ? sent : newId("req");
  c.set("requestId", id);
  return id;
}
