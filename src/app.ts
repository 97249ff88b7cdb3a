import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { RouterRoute } from "hono/types";
import { refuseWithoutAddress } from "./context/address";
import { configOf } from "./context/config";
import { refuseTestGatewayInProduction } from "./domain/billing/gateway";
import { dataEncryptionKey } from "./domain/encryption/data-key";
import { signingKeys } from "./domain/identity/signing-keys";
import { AppError } from "./errors";
import { allowedMethodsOf } from "./http/allowed-methods";
import type { AppEnv } from "./http/app-env";
import { type LazyRoute, lazyRoute } from "./http/lazy-route";
import { answerWithError, onError } from "./http/on-error";
import type { Router } from "./http/openapi";
import { rateLimitAndCount } from "./middleware/api-usage";
import { authenticate } from "./middleware/authenticate";
import { cors } from "./middleware/cors";
import { d1Session } from "./middleware/d1-session";
import { rateLimit } from "./middleware/rate-limit";
import { requestFrame } from "./middleware/request-frame";
import { DOCS_CSP, DOCS_HTML, serveConsoleAsset } from "./routes/console/assets";

/** Largest accepted request body (docs/decisions.md): refused before parsing. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Served through its catch-all even once built, never mounted in the app: its POST routes put a literal
 * segment (`/invitations/accept`) beside a parameter one (`/{organization_id}/leave`), which Hono's
 * RegExpRouter cannot hold in one method's pattern. Mounted directly, it would make the app's router fall
 * back to the TrieRouter for every route, slower to match on each request (test/http/app-router.test.ts);
 * behind the catch-all, only this group's own router does.
 */
const ORGANIZATION_ROUTES = lazyRoute("/v1/organizations", async () =>
  (await import("./routes/organizations")).organizationRoutes(),
);

/**
 * The /v1 route groups, in the order the document lists them. Each is built on the first
 * request under its path (src/http/lazy-route.ts), once per isolate.
 */
export const V1_ROUTES = [
  lazyRoute("/v1/auth", async () => (await import("./routes/auth")).authRoutes()),
  lazyRoute("/v1/users", async () => (await import("./routes/users")).userRoutes()),
  lazyRoute("/v1/billing", async () => (await import("./routes/billing")).billingRoutes()),
  lazyRoute("/v1/webhooks", async () => (await import("./routes/webhooks")).webhookRoutes()),
  lazyRoute("/v1/admin", async () => (await import("./routes/admin")).adminRoutes()),
  lazyRoute("/v1/sessions", async () => (await import("./routes/sessions")).sessionRoutes()),
  lazyRoute("/v1/ws", async () => (await import("./routes/ws")).wsRoutes()),
  lazyRoute("/v1/api-keys", async () => (await import("./routes/api-keys")).apiKeyRoutes()),
  lazyRoute("/v1/oauth/clients", async () => (await import("./routes/oauth-clients")).oauthClientRoutes()),
  ORGANIZATION_ROUTES,
  lazyRoute("/v1/exports", async () => (await import("./routes/exports")).exportRoutes()),
];

/** The console's sign-in (sets its session cookies; docs/security.md "Console"), built on its first request. */
const CONSOLE_ROUTES = lazyRoute("/console", async () => {
  const [{ consoleSessionRoutes }, { devMailboxRoutes }, { router }] = await Promise.all([
    import("./routes/console/session"),
    import("./routes/console/dev-mailbox"),
    import("./http/openapi"),
  ]);
  const consoleApp = router();
  consoleApp.use("*", authenticate(), rateLimit(), bodyLimit({ maxSize: 16 * 1024 }));
  consoleApp.route("/", consoleSessionRoutes());
  consoleApp.route("/", devMailboxRoutes());
  return consoleApp;
});

/**
 * The authorization server lives at the origin (the `iss` of every token), outside /v1: its
 * endpoints, metadata and SAML service provider, built on the first request to any of them.
 */
const AUTHORIZATION_SERVER_ROUTES = lazyRoute(
  "/",
  async () => (await import("./routes/oauth")).authorizationServerRoutes(),
  ["/oauth2", "/oauth", "/.well-known", "/saml", "/oidc"],
);

/** The MCP server (docs/mcp.md): a resource server of its own, outside /v1, built on its first request. */
const MCP_ROUTES = lazyRoute("/mcp", async () => (await import("./routes/mcp")).mcpRoutes());

/**
 * SCIM 2.0 (RFC 7644; docs/sso.md "SCIM"): each connection's service provider, authenticated by its own
 * bearer token and answering in SCIM's format, outside /v1; built on its first request.
 */
const SCIM_ROUTES = lazyRoute("/scim/v2", async () => (await import("./routes/scim")).scimRoutes());

/** Every part of the app built on its first request. */
export const LAZY_ROUTES = [...V1_ROUTES, CONSOLE_ROUTES, AUTHORIZATION_SERVER_ROUTES, MCP_ROUTES, SCIM_ROUTES];

let documentRouter: Promise<Router> | undefined;

/**
 * Every /v1 operation registered in one router, as the document describes them: built on the first request for it.
 * Exported for the bench, which times that first build (bench/lib/startup.ts names it in a generated entry).
 * @public
 */
export function v1Document(): Promise<Router> {
  documentRouter ??= (async () => {
    const [groups, { registerSecuritySchemes }, { router }] = await Promise.all([
      Promise.all(V1_ROUTES.map(async (r) => ({ path: r.path.slice("/v1".length), group: await r.group() }))),
      import("./http/openapi-document"),
      import("./http/openapi"),
    ]);
    const v1 = router();
    for (const { path, group } of groups) v1.route(path, group);
    registerSecuritySchemes(v1);
    return v1;
  })();
  return documentRouter;
}

const JSON_CONTENT = { "content-type": "application/json" };

/**
 * The served document's text per origin and environment (its `servers` and contact URLs name them): a
 * function of the code and those two only, so it is built once per isolate (a build takes about half a
 * second of CPU). Few origins reach one deployment; the bound only stops a flood of Host names.
 */
const documents = new Map<string, Promise<string>>();
const MAX_DOCUMENT_ORIGINS = 8;

function servedDocument(url: string, env: AppEnv["Bindings"]): Promise<string> {
  const origin = new URL(url).origin;
  const key = `${env.ENVIRONMENT ?? ""} ${origin}`;
  let text = documents.get(key);
  if (!text) {
    if (documents.size >= MAX_DOCUMENT_ORIGINS) documents.clear();
    text = Promise.all([v1Document(), import("./http/openapi-document")]).then(([v1Router, { openApiDocument }]) =>
      JSON.stringify(openApiDocument(v1Router, origin, env)),
    );
    // A failed build is not kept: the next request tries again.
    text.catch(() => documents.delete(key));
    documents.set(key, text);
  }
  return text;
}

const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", { details: { max_bytes: MAX_BODY_BYTES } });
  },
});

/** Bindings whose keys loaded and whose payment gateway is allowed (see createApp). */
const configured = new WeakSet<object>();

async function configure(env: AppEnv["Bindings"]): Promise<void> {
  refuseTestGatewayInProduction(configOf(env));
  refuseWithoutAddress(env);
  await Promise.all([signingKeys(configOf(env)), dataEncryptionKey(configOf(env))]);
  configured.add(env);
}

export interface AppOptions {
  /** The clock of the rate-limit windows (default Date.now). */
  now?: () => number;
}

/** The /v1 groups mounted directly in the app once built. */
const MOUNTABLE_ROUTES = V1_ROUTES.filter((r) => r !== ORGANIZATION_ROUTES);

/** Each app's current assembly, for `servingRouter`. */
const servingApps = new WeakMap<object, () => Hono<AppEnv>>();

/**
 * The app. Route groups are built on their first request (src/http/lazy-route.ts), and until
 * then a request reaches its group through a catch-all that runs the group's own router: a
 * second Hono dispatch (context, routing, middleware chain) per request. Once a /v1 group is
 * built, the next request assembles the app again with every built group mounted directly
 * (`app.route()`, as if at startup: one dispatch, the same middleware order, errors and
 * 404/405), and requests are served by that app from then on — once per group an isolate
 * builds, at most ten times (the organizations group stays behind its catch-all: ORGANIZATION_ROUTES).
 */
export function createApp(options: AppOptions = {}) {
  const now = options.now ?? Date.now;
  const app = assemble(now, []);
  let served = { groups: 0, app, fetch: app.fetch };
  const serving = () => {
    let groups = 0;
    for (const r of MOUNTABLE_ROUTES) if (r.built()) groups++;
    if (groups !== served.groups) {
      const assembled = assemble(
        now,
        MOUNTABLE_ROUTES.filter((r) => r.built()),
      );
      served = { groups, app: assembled, fetch: assembled.fetch };
    }
    return served;
  };
  app.fetch = (request, env, executionCtx) => serving().fetch(request, env, executionCtx);
  servingApps.set(app, () => serving().app);
  return app;
}

/** The app with the groups in `direct` (built) mounted directly, the others behind their catch-alls. */
function assemble(now: () => number, direct: readonly LazyRoute[]) {
  // The app and /v1 only route: the OpenAPI routers are the groups' (and the document's, v1Document()).
  const app = new Hono<AppEnv>();
  app.onError(onError);
  const allowedMethods = allowedMethodsOf(() => [...app.routes, ...LAZY_ROUTES.flatMap((r) => r.routes())]);
  app.notFound(async (c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length === 0) {
      if (c.req.path === "/v1" || c.req.path.startsWith("/v1/"))
        return onError(new AppError("ROUTE_NOT_FOUND", { details: { method: c.req.method, path: c.req.path } }), c);
      // The console (a single-page app, console/) and the docs renderer's files.
      return serveConsoleAsset(c).catch((err) => onError(err, c));
    }
    // RFC 9110 §9.3.7: OPTIONS on a known path answers its methods.
    if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: allowed.join(", ") });
    return onError(
      new AppError("METHOD_NOT_ALLOWED", {
        details: { method: c.req.method, path: c.req.path, allowed },
      }),
      c,
    );
  });

  // The request path (docs/architecture.md): request id → client version → authenticate → rate limit → route.
  // What every response carries, refusals included: its request id and the security headers; once it is
  // answered, its log line and metric.
  // (requestFrame: the three as one layer of the chain, src/middleware/request-frame.ts.)
  app.use("*", requestFrame());
  // Production refuses requests without its signing and data encryption keys (each loads once per isolate),
  // or with the test payment gateway. An isolate's bindings do not change, so once they passed, later
  // requests with the same bindings skip the check, without an async step of their own (each costs about
  // as much CPU in workerd as a few header lookups). The clock is set here too, for the rate limiter.
  app.use("*", (c, next) => {
    c.set("now", now);
    if (configured.has(c.env)) return next();
    return configure(c.env).then(next);
  });

  const v1 = new Hono<AppEnv>();
  // CORS (docs/decisions.md): any origin, no credentials (src/middleware/cors.ts); the client version in the same layer.
  v1.use("*", cors);
  // The tier limits count per principal, so authentication comes first; the usage count after the limit,
  // so a refusal (429) is not counted.
  v1.use("*", authenticate(), rateLimitAndCount());
  // After authentication (which reads the primary: revocation and key checks must not lag). The body limit runs
  // inside the D1 session's layer, not as a layer of its own, so a request without a body (every read) passes one
  // async step of Hono's chain fewer; its refusal is rendered here as compose renders an error thrown from a layer
  // (c.error, c.res), so the response still gets the session's bookmark and the outer layers' headers.
  v1.use("*", (c, next) =>
    d1Session(c, () => {
      if (!c.req.raw.body) return next();
      return limitBody(c, next).then(
        // As compose: a Response the limiter answered with becomes the response unless one was already set.
        (res) => {
          if (res instanceof Response && !c.finalized) c.res = res;
        },
        (err: unknown) => {
          if (!(err instanceof Error)) throw err;
          answerWithError(c, err);
        },
      );
    }),
  );
  v1.get("/openapi.json", async (c) => c.body(await servedDocument(c.req.url, c.env), 200, JSON_CONTENT));
  // The reference renderer is bundled from npm and served from /docs/ (no CDN: it works offline).
  v1.get("/docs", (c) => {
    c.header("Content-Security-Policy", DOCS_CSP);
    c.header("Cache-Control", "public, max-age=300");
    return c.html(DOCS_HTML);
  });

  app.route("/v1", v1);
  // After every /v1 middleware: each group runs behind the whole chain, as if mounted with v1.route().
  for (const r of V1_ROUTES) {
    const group = direct.includes(r) ? r.built() : undefined;
    if (group) app.route(r.path, group);
    else r.mount(app);
  }
  CONSOLE_ROUTES.mount(app);
  AUTHORIZATION_SERVER_ROUTES.mount(app);
  MCP_ROUTES.mount(app);
  SCIM_ROUTES.mount(app);
  return app;
}

export type App = ReturnType<typeof createApp>;

/** The router that serves `app`'s requests once every /v1 group is built (test/http/app-router.test.ts). */
export async function servingRouter(app: App): Promise<Hono<AppEnv>["router"]> {
  await Promise.all(LAZY_ROUTES.map((r) => r.group()));
  const serving = servingApps.get(app);
  if (!serving) throw new Error("servingRouter: not an app from createApp()");
  return serving().router;
}

/** Every route `app` serves, each /v1 group built: what the inventory tests hold against the document. */
export async function servedRoutes(app: App): Promise<RouterRoute[]> {
  await Promise.all(LAZY_ROUTES.map((r) => r.group()));
  return [...app.routes, ...LAZY_ROUTES.flatMap((r) => r.routes())];
}
