import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler, Next } from "hono";
import type { AppEnv } from "./app-env";
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
 *   src/routes/route.ts) are all optional, and most requests send none of them. Hono's header
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
    const headers = cheapHeaderCheck(route.request?.headers, effectiveHook);
    const params = hook || route.request?.query ? undefined : cheapParamCheck(route.request?.params);
    if (!headers && !params) return openapi(route, handler, hook);
    const { middleware, hide, ...documented } = route;
    if (!hide) app.openAPIRegistry.registerPath(documented);
    const own = middleware ? (Array.isArray(middleware) ? middleware : [middleware]) : [];
    return openapi(
      {
        ...documented,
        hide: true,
        request: {
          ...route.request,
          ...(headers ? { headers: undefined } : {}),
          ...(params ? { params: undefined } : {}),
        },
        middleware: [...own, cheapChecks([headers, params].filter((k) => k !== undefined))],
      } as typeof route,
      handler,
      hook,
    );
  }) as Openapi;
}

interface CheapCheck {
  /** Records the validated value and answers true when it is known without zod. */
  passes(c: Context): boolean;
  /** zod's validation with the route's hook, as @hono/zod-openapi runs it: a Response when it refuses. */
  validate(c: Context): Promise<Response | undefined>;
}

/**
 * The checks as one middleware, in order, and synchronous when every one passes: each async step
 * of a request's middleware chain costs about as much CPU in workerd as a few header lookups.
 */
function cheapChecks(checks: readonly CheapCheck[]): MiddlewareHandler {
  const slow = async (from: number, c: Context, next: Next) => {
    for (let i = from; i < checks.length; i++) {
      if (checks[i]!.passes(c)) continue;
      const refused = await checks[i]!.validate(c);
      if (refused) return refused;
    }
    await next();
  };
  return (c, next) => {
    for (let i = 0; i < checks.length; i++) if (!checks[i]!.passes(c)) return slow(i, c, next);
    return next();
  };
}

/** The header check for a schema whose every field is optional, else undefined (zod validates). */
function cheapHeaderCheck(headers: unknown, hook: Hook): CheapCheck | undefined {
  if (!(headers instanceof z.ZodObject) || !Object.values(headers.shape).every((f) => f.safeParse(undefined).success))
    return undefined;
  const names = Object.keys(headers.shape).map((n) => n.toLowerCase());
  return {
    passes(c) {
      const sent = c.req.raw.headers;
      if (names.some((n) => sent.has(n))) return false;
      c.req.addValidatedData("header", {});
      return true;
    },
    // As @hono/zod-validator does for the "header" target.
    async validate(c) {
      const value = c.req.header();
      const result = await headers.safeParseAsync(value);
      const hookResult = await hook({ data: value, ...result, target: "header" }, c);
      if (hookResult instanceof Response) return hookResult;
      if (!result.success) return c.json(result, 400);
      c.req.addValidatedData("header", result.data as Record<string, string>);
      return undefined;
    },
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
function cheapParamCheck(params: unknown): CheapCheck | undefined {
  if (!(params instanceof z.ZodObject)) return undefined;
  const fields: Array<[string, { min: number; max: number }]> = [];
  for (const [name, field] of Object.entries(params.shape)) {
    const bounds = stringBounds(field);
    if (!bounds) return undefined;
    fields.push([name, bounds]);
  }
  return {
    passes(c) {
      const value: Record<string, string> = {};
      for (const [name, { min, max }] of fields) {
        const v = c.req.param(name) as string | undefined;
        if (typeof v !== "string" || v.length < min || v.length > max) return false;
        value[name] = v;
      }
      c.req.addValidatedData("param", value);
      return true;
    },
    // As @hono/zod-validator does for the "param" target, with the default hook (routes with their own keep zod).
    async validate(c) {
      const value = c.req.param();
      const result = await params.safeParseAsync(value);
      await validationHook({ data: value, ...result, target: "param" } as Parameters<typeof validationHook>[0], c);
      if (!result.success) return c.json(result, 400);
      c.req.addValidatedData("param", result.data as Record<string, string>);
      return undefined;
    },
  };
}
