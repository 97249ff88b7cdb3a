import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { validationHook } from "./validation";

/** Every router is built here, so every one renders validation errors the same way. */
export function router() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  validateAbsentHeadersCheaply(app);
  return app;
}

/** What every route's `mount…(app)` receives. */
export type Router = ReturnType<typeof router>;

type Openapi = OpenAPIHono<AppEnv>["openapi"];

/**
 * The header parameters routes declare (`X-Organization-Id`, `Idempotency-Key`: src/http/route.ts)
 * are all optional, and most requests send none of them. Hono's header validator still gathers
 * every request header into an object and runs zod over it — about a tenth of a read's JavaScript
 * in a CPU profile, for the answer `{}`. For such a route, the document is registered as before and
 * the header check runs zod only when one of the declared headers is present, with the same hook
 * and the same outcome; without any of them the validated headers are `{}`, which is what zod
 * returns. The check runs with the route's middleware, before the path and query validators (a
 * request both sending a bad declared header and a bad parameter hears about the header first,
 * as it already did from authentication, which checks `X-Organization-Id` earlier still).
 */
function validateAbsentHeadersCheaply(app: OpenAPIHono<AppEnv>): void {
  const openapi = app.openapi;
  app.openapi = ((route, handler, hook) => {
    const headers = route.request?.headers;
    if (!(headers instanceof z.ZodObject) || !Object.values(headers.shape).every((f) => f.safeParse(undefined).success))
      return openapi(route, handler, hook);
    const { middleware, hide, ...documented } = route;
    if (!hide) app.openAPIRegistry.registerPath(documented);
    const names = Object.keys(headers.shape).map((n) => n.toLowerCase());
    const effectiveHook = (hook ?? validationHook) as (result: unknown, c: unknown) => unknown;
    const checkHeaders: MiddlewareHandler = async (c, next) => {
      const sent = c.req.raw.headers;
      if (!names.some((n) => sent.has(n))) {
        c.req.addValidatedData("header", {});
        return next();
      }
      // As @hono/zod-validator does for the "header" target.
      const value = c.req.header();
      const result = await headers.safeParseAsync(value);
      const hookResult = await effectiveHook({ data: value, ...result, target: "header" }, c);
      if (hookResult instanceof Response) return hookResult;
      if (!result.success) return c.json(result, 400);
      c.req.addValidatedData("header", result.data as Record<string, string>);
      return next();
    };
    const own = middleware ? (Array.isArray(middleware) ? middleware : [middleware]) : [];
    return openapi(
      {
        ...documented,
        hide: true,
        request: { ...route.request, headers: undefined },
        middleware: [...own, checkHeaders],
      } as typeof route,
      handler,
      hook,
    );
  }) as Openapi;
}
