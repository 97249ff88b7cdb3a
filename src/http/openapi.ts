import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { validationHook } from "./validation";

/** Every router is built here, so every one renders validation errors the same way. */
export function router() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/** What every route's `mount…(app)` receives. */
export type Router = ReturnType<typeof router>;
