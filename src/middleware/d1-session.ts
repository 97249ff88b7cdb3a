import type { MiddlewareHandler } from "hono";
import type { Bindings } from "../bindings";
import { inSession, sessionRouted } from "../db/replicas";
import { invalidField } from "../errors";
import type { AppEnv } from "../http/app-env";
import { setResponseHeader } from "../http/response-headers";

export const BOOKMARK_HEADER = "X-D1-Bookmark";
/** D1 bookmarks are short hex-and-dash strings; anything else is refused before it reaches D1. */
const BOOKMARK = /^[0-9A-Za-z-]{1,128}$/;

const routedBindings = new WeakMap<Bindings, Bindings>();

/**
 * Every /v1 request after authentication runs in one D1 session
 * (docs/consistency.md): reads may come from a nearby read replica, and the
 * response's `X-D1-Bookmark` names the latest database state the request
 * saw or wrote. A client that sends it back on its next request reads its
 * own writes (and everything older) wherever that request lands. Without a
 * bookmark, reads (GET, HEAD) take any replica; writes start at the primary,
 * so a write's own checks read current data.
 */
export const d1Session: MiddlewareHandler<AppEnv> = (c, next) => {
  // Without a D1 binding (the OpenAPI document rendered in Node by scripts/openapi.mjs) there is nothing to route.
  if (!c.env?.DB) return next();
  const presented = c.req.header(BOOKMARK_HEADER);
  if (presented !== undefined && !BOOKMARK.test(presented))
    throw invalidField(BOOKMARK_HEADER, "must be a bookmark from an earlier X-D1-Bookmark response header", "header");
  const read = c.req.method === "GET" || c.req.method === "HEAD";
  const constraint = presented ?? (read ? "first-unconstrained" : "first-primary");
  // From here on the app's D1 binding sends each query through this request's session. The routed
  // bindings are built once per set of bindings (an isolate's do not change) and never written to.
  let routed = routedBindings.get(c.env);
  if (!routed) {
    routed = { ...c.env, DB: sessionRouted(c.env.DB) };
    routedBindings.set(c.env, routed);
  }
  c.env = routed;
  return inSession(c.env.DB, constraint, () => next()).then(({ bookmark }) => {
    if (bookmark) setResponseHeader(c, BOOKMARK_HEADER, bookmark);
  });
};
