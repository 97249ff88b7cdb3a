import { type Context, Hono, type Next } from "hono";
import { routePath } from "hono/route";
import type { RouterRoute } from "hono/types";
import type { AppEnv } from "./app-env";
import { onError } from "./on-error";
import type { Router } from "./openapi";

/** A group's dispatcher found no route of the group for the path: the app's 404/405 answers it. */
class NotInGroup extends Error {}

/** The app's context of each request a group is serving, for the group's own context to share. */
const appContexts = new WeakMap<Request, Context<AppEnv>>();

/**
 * A /v1/<group> sub-app (its zod schemas, its routes and their OpenAPI entries) built on the
 * first request that reaches its prefix, then kept for the isolate: building every group at
 * load was most of the worker's startup CPU (docs/decisions.md, "Performance").
 *
 * The app keeps one catch-all route per group, after all of its middleware; it hands the
 * request to the group's own router with the same variables (request id, clock, principal) and
 * bindings (the D1 session's), and takes back the variables the group sets. Errors are answered
 * by the same `onError`; a path under the prefix that no route of the group serves falls through
 * to the app's 404/405, which reads the group's routes for `Allow` (`routes()`).
 */
export interface LazyRoute<R extends Hono<AppEnv> = Router> {
  /** Where the group is mounted, e.g. `/v1/sessions`. */
  readonly path: string;
  /** The group's sub-app, built on the first call (routes relative to `path`). */
  group(): Promise<R>;
  /** A new sub-app, not kept: what `group()` builds once (the document's tests compare the two). */
  build(): Promise<R>;
  /** The group's sub-app once built (for an app to mount directly); undefined before. */
  built(): R | undefined;
  /** The group's routes at their full paths, once built; empty before. */
  routes(): readonly RouterRoute[];
  /** Adds the catch-alls for the group's paths to `app`, after the middleware already registered there. */
  mount(app: Hono<AppEnv>): void;
}

/**
 * `under`: the paths whose requests reach the group, for a group mounted at `/` that serves
 * several (the authorization server's); by default `path` alone.
 */
export function lazyRoute<R extends Hono<AppEnv> = Router>(
  path: string,
  build: () => Promise<R>,
  under: readonly string[] = [path],
): LazyRoute<R> {
  let group: Promise<R> | undefined;
  let built: Hono<AppEnv> | undefined;
  let builtGroup: R | undefined;
  const served = (p: string) => under.some((u) => p === u || p.startsWith(`${u}/`));

  const dispatcherOf = (sub: R) => {
    const d = new Hono<AppEnv>();
    d.use("*", share);
    d.route(path, sub);
    // Errors are answered inside the group, as in one app, so the group's middleware (idempotency)
    // sees the error response after `next()`; only "not in this group" goes back out.
    d.onError((err, c) => {
      if (err instanceof NotInGroup) throw err;
      return onError(err, c);
    });
    d.notFound(() => {
      throw new NotInGroup();
    });
    return d;
  };

  const lazy: LazyRoute<R> = {
    path,
    build,
    group: () => {
      group ??= build().then(
        (sub) => {
          built = dispatcherOf(sub);
          builtGroup = sub;
          return sub;
        },
        (err) => {
          // A failed import is retried by the next request, not kept for the isolate.
          group = undefined;
          throw err;
        },
      );
      return group;
    },
    built: () => builtGroup,
    routes: () => built?.routes.filter((r) => served(r.path)) ?? [],
    mount(app) {
      app.on(
        "ALL",
        under.map((u) => `${u}/*`),
        async (c, next) => {
          if (!built) await lazy.group();
          const d = built as Hono<AppEnv>;
          appContexts.set(c.req.raw, c);
          try {
            return await d.fetch(c.req.raw, c.env, executionContextOf(c));
          } catch (err) {
            if (err instanceof NotInGroup) return next();
            throw err;
          } finally {
            appContexts.delete(c.req.raw);
          }
        },
      );
    },
  };
  return lazy;
}

/**
 * The group's first middleware: the group's context reads and writes the app's variables (its
 * request id and clock in, e.g. the principal out), one set of variables as in one app. Its `get`
 * and `set` are the app context's own; copying the variables in and back out made two objects
 * of them per request.
 */
async function share(c: Context<AppEnv>, next: Next) {
  const app = appContexts.get(c.req.raw);
  if (!app) throw new Error("lazyRoute: a group was called outside its app");
  c.get = app.get;
  c.set = app.set;
  // The group's own route pattern, for the request log line (the app's context only sees the catch-all).
  app.set("route", routePath(c, -1));
  await next();
}

function executionContextOf(c: Context<AppEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined;
  }
}
