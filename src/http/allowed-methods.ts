import type { RouterRoute } from "hono/types";

/**
 * The methods a path is served with, read from the app's registered routes
 * (never a hand-kept list): RFC 9110 §10.2.1 `Allow`. HEAD is served wherever
 * GET is (Hono answers it from the GET handler), OPTIONS everywhere (the CORS
 * preflight under /v1, `204 + Allow` elsewhere). Empty when no route matches
 * the path at all (404).
 */
export function allowedMethodsOf(routesNow: () => readonly RouterRoute[]): (path: string) => string[] {
  let compiled: Array<{ pattern: RegExp; method: string }> = [];
  let compiledFrom = -1;
  return (path) => {
    // Route groups built on their first request (src/http/lazy-route.ts) add routes: compile again.
    const routes = routesNow();
    if (routes.length !== compiledFrom) {
      compiledFrom = routes.length;
      compiled = routes
        .filter((r) => r.method !== "ALL" && !r.path.includes("*"))
        .map((r) => ({ pattern: patternOf(r.path), method: r.method.toUpperCase() }));
    }
    const methods = new Set(compiled.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.size === 0) return [];
    if (methods.has("GET")) methods.add("HEAD");
    methods.add("OPTIONS");
    return [...methods].sort();
  };
}

/** A Hono route path (`/v1/sessions/:session_id`, `:name{regex}`) as an anchored RegExp. */
function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => {
      const param = /^:[A-Za-z_][A-Za-z0-9_]*(?:\{(.+)\})?$/.exec(segment);
      if (param) return param[1] ? `(?:${param[1]})` : "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}/?$`);
}
