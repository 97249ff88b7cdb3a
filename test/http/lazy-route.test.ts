import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { LAZY_ROUTES, V1_ROUTES } from "../../src/app";
import { AppError } from "../../src/errors";
import { allowedMethodsOf } from "../../src/http/allowed-methods";
import type { AppEnv } from "../../src/http/app-env";
import { lazyRoute } from "../../src/http/lazy-route";
import { onError } from "../../src/http/on-error";
import { router } from "../../src/http/openapi";
import { openApiDocument, registerSecuritySchemes } from "../../src/http/openapi-document";
import { api } from "../support/http";

/**
 * Route groups built on their first request (src/http/lazy-route.ts): the group must behave as
 * if it had been mounted with `app.route()` at startup — same middleware order and variables,
 * same errors, same 404/405 — and be built once.
 */
function tinyApp() {
  let builds = 0;
  const seen: string[] = [];
  const group = lazyRoute("/v1/things", async () => {
    builds++;
    const g = router();
    g.use("*", async (c, next) => {
      seen.push(`group middleware sees requestId=${c.get("requestId")}`);
      await next();
    });
    g.get("/:id", (c) => {
      c.set("apiVersion", "set-by-group");
      return c.json({ id: c.req.param("id"), requestId: c.get("requestId") });
    });
    g.post("/", () => {
      throw new AppError("SESSION_NOT_FOUND");
    });
    return g;
  });
  const app = new Hono<AppEnv>();
  app.onError(onError);
  const allowed = allowedMethodsOf(() => [...app.routes, ...group.routes()]);
  app.notFound((c) => c.json({ notFound: c.req.path, allowed: allowed(c.req.path) }, 404));
  app.use("*", async (c, next) => {
    c.set("requestId", "req_1");
    await next();
    seen.push(`app middleware after: apiVersion=${c.get("apiVersion")}`);
  });
  group.mount(app);
  return { app, group, builds: () => builds, seen };
}

describe("lazyRoute", () => {
  it("builds the group on the first request under its path, once, with the app's variables both ways", async () => {
    const { app, group, builds, seen } = tinyApp();
    expect(builds()).toBe(0);
    expect(group.routes()).toEqual([]);

    const res = await app.request("/v1/things/42");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: "42", requestId: "req_1" });
    expect(seen).toEqual(["group middleware sees requestId=req_1", "app middleware after: apiVersion=set-by-group"]);
    await app.request("/v1/things/43");
    expect(builds()).toBe(1);
    expect(group.routes().map((r) => `${r.method} ${r.path}`)).toEqual([
      "ALL /v1/things/*",
      "GET /v1/things/:id",
      "POST /v1/things",
    ]);
  });

  it("answers the group's errors with the app's error envelope", async () => {
    const { app } = tinyApp();
    const res = await app.request("/v1/things", { method: "POST" });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; request_id: string } };
    expect(body.error).toMatchObject({ code: "SESSION_NOT_FOUND", request_id: "req_1" });
  });

  it("leaves paths and methods the group does not serve to the app's 404/405, which sees the group's routes", async () => {
    const { app } = tinyApp();
    const unknown = await app.request("/v1/things/42/more");
    expect(await unknown.json()).toEqual({ notFound: "/v1/things/42/more", allowed: [] });
    const wrongMethod = await app.request("/v1/things/42", { method: "DELETE" });
    expect(await wrongMethod.json()).toEqual({ notFound: "/v1/things/42", allowed: ["GET", "HEAD", "OPTIONS"] });
    const outside = await app.request("/v1/thingsx");
    expect(await outside.json()).toEqual({ notFound: "/v1/thingsx", allowed: [] });
  });

  it("every part of the app is a lazy group, each under its own path", () => {
    const paths = LAZY_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain("/v1/sessions");
    expect(paths).toContain("/console");
  });
});

describe("the served OpenAPI document", () => {
  it("is the same whatever order the groups were built in", async () => {
    // Reach the groups last to first, so each is built (or already was) before the document.
    for (const r of [...V1_ROUTES].reverse()) await api("GET", `${r.path}/no-such-route`);
    const served = (await api("GET", "/v1/openapi.json")).body;

    // The document of freshly built groups, registered in the order the app lists them.
    const v1 = router();
    for (const r of V1_ROUTES) v1.route(r.path.slice("/v1".length), await r.build());
    registerSecuritySchemes(v1);
    const fresh = openApiDocument(v1, new URL(served.servers[0].url).origin, env);
    expect(JSON.stringify(served)).toBe(JSON.stringify(fresh));
  });
});
