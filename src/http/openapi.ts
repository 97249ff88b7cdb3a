import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { validationHook } from "./validation";

/** Every router is built here, so every one renders validation errors the same way. */
export function router() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  validateCheaply(app);
  return app;
}

/** What every route's `mount…(app)` receives. */
export type Router = ReturnType<typeof router>;

type Openapi = OpenAPIHono<AppEnv>["openapi"];
type Hook = (result: unknown, c: unknown) => unknown;

/**
 * Two checks the zod validators make on every request answered without zod when the outcome is
 * known; the document is registered as before, and zod still runs, with the same hook, whenever the
 * request could fail, so every refusal is the one it was.
 *
 * - Headers: the header parameters routes declare (`X-Organization-Id`, `Idempotency-Key`:
 *   src/http/route.ts) are all optional, and most requests send none of them. Hono's header
 *   validator still gathers every request header into an object and runs zod over it, for the
 *   answer `{}`. Without any declared header present the validated headers are `{}`, which is what
 *   zod returns. The check runs with the route's middleware, before the path and query validators (a
 *   request both sending a bad declared header and a bad parameter hears about the header first,
 *   as it already did from authentication, which checks `X-Organization-Id` earlier still).
 * - Path parameters, when each is a plain string with at most length bounds (`session_id`: up to
 *   64 characters) and the route has no query schema (whose validator runs before the path's):
 *   values within the bounds are what zod returns, the declared keys only; any other value goes
 *   through zod. zod's async parse of a one-field object was several times the cost of a read's
 *   other checks together.
 *
 * Routes with a hook of their own keep zod: the default hook does nothing on success, theirs might.
 */
function validateCheaply(app: OpenAPIHono<AppEnv>): void {
  const openapi = app.openapi;
  app.openapi = ((route, handler, hook) => {
    const effectiveHook = (hook ?? validationHook) as Hook;
    const checkHeaders = cheapHeaderCheck(route.request?.headers, effectiveHook);
    const checkParams = hook || route.request?.query ? undefined : cheapParamCheck(route.request?.params);
    if (!checkHeaders && !checkParams) return openapi(route, handler, hook);
    const { middleware, hide, ...documented } = route;
    if (!hide) app.openAPIRegistry.registerPath(documented);
    const own = middleware ? (Array.isArray(middleware) ? middleware : [middleware]) : [];
    const cheap = [checkHeaders, checkParams].filter((m) => m !== undefined);
    return openapi(
      {
        ...documented,
        hide: true,
        request: {
          ...route.request,
          ...(checkHeaders ? { headers: undefined } : {}),
          ...(checkParams ? { params: undefined } : {}),
        },
        middleware: [...own, ...cheap],
      } as typeof route,
      handler,
      hook,
    );
  }) as Openapi;
}

/** The header check for a schema whose every field is optional, else undefined (zod validates). */
function cheapHeaderCheck(headers: unknown, hook: Hook): MiddlewareHandler | undefined {
  if (!(headers instanceof z.ZodObject) || !Object.values(headers.shape).every((f) => f.safeParse(undefined).success))
    return undefined;
  const names = Object.keys(headers.shape).map((n) => n.toLowerCase());
  return async (c, next) => {
    const sent = c.req.raw.headers;
    if (!names.some((n) => sent.has(n))) {
      c.req.addValidatedData("header", {});
      return next();
    }
    // As @hono/zod-validator does for the "header" target.
    const value = c.req.header();
    const result = await headers.safeParseAsync(value);
    const hookResult = await hook({ data: value, ...result, target: "header" }, c);
    if (hookResult instanceof Response) return hookResult;
    if (!result.success) return c.json(result, 400);
    c.req.addValidatedData("header", result.data as Record<string, string>);
    return next();
  };
}

/** Length bounds of a string schema with no other check (no pattern, format or transform), else undefined. */
function stringBounds(field: unknown): { min: number; max: number } | undefined {
  if (!(field instanceof z.ZodString)) return undefined;
  const checks = (field._zod.def.checks ?? []) as Array<{ _zod: { def: { check: string } } }>;
  if (!checks.every((k) => k._zod.def.check === "max_length" || k._zod.def.check === "min_length")) return undefined;
  return { min: field.minLength ?? 0, max: field.maxLength ?? Number.POSITIVE_INFINITY };
}

/** The path parameter check for a schema of plain bounded strings, else undefined (zod validates). */
function cheapParamCheck(params: unknown): MiddlewareHandler | undefined {
  if (!(params instanceof z.ZodObject)) return undefined;
  const fields: Array<[string, { min: number; max: number }]> = [];
  for (const [name, field] of Object.entries(params.shape)) {
    const bounds = stringBounds(field);
    if (!bounds) return undefined;
    fields.push([name, bounds]);
  }
  const validator = zodParamValidator(params);
  return async (c, next) => {
    const value: Record<string, string> = {};
    for (const [name, { min, max }] of fields) {
      const v = c.req.param(name) as string | undefined;
      if (typeof v !== "string" || v.length < min || v.length > max) return validator(c, next);
      value[name] = v;
    }
    c.req.addValidatedData("param", value);
    return next();
  };
}

/** zod's path validation, as the route would have had it (@hono/zod-validator with the default hook). */
function zodParamValidator(params: z.ZodObject): MiddlewareHandler {
  return async (c, next) => {
    const value = c.req.param();
    const result = await params.safeParseAsync(value);
    await validationHook({ data: value, ...result, target: "param" }, c);
    if (!result.success) return c.json(result, 400);
    c.req.addValidatedData("param", result.data as Record<string, string>);
    return next();
  };
}
