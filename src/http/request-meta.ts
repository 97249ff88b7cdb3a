import type { Context } from "hono";
import type { RequestMeta } from "../domain/context";
import type { AppEnv } from "../env";
import { clientIp } from "../lib/request";

/** The request id and client address an audit entry records. */
export function requestMeta(c: Context<AppEnv>): RequestMeta {
  return { requestId: c.get("requestId"), ip: clientIp(c) };
}
