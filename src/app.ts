import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { refuseTestGatewayInProduction } from "./domain/billing/gateway";
import { dataEncryptionKey } from "./domain/encryption/data-key";
import { signingKeys } from "./domain/identity/signing-keys";
import { AppError } from "./errors";
import { allowedMethodsOf } from "./http/allowed-methods";
import { onError } from "./http/on-error";
import { router } from "./http/openapi";
import { openApiDocument, registerSecuritySchemes } from "./http/openapi-document";
import { apiUsage } from "./middleware/api-usage";
import { clientVersion } from "./middleware/client-version";
import { BOOKMARK_HEADER, d1Session } from "./middleware/d1-session";
import { rateLimit } from "./middleware/rate-limit";
import { requestId } from "./middleware/request-id";
import { securityHeaders } from "./middleware/security-headers";
import { adminRoutes } from "./routes/admin";
import { apiKeyRoutes } from "./routes/api-keys";
import { authRoutes } from "./routes/auth";
import { billingRoutes } from "./routes/billing";
import { DOCS_CSP, DOCS_HTML, serveConsoleAsset } from "./routes/console/assets";
import { consoleSessionRoutes } from "./routes/console/session";
import { exportRoutes } from "./routes/exports";
import { authorizationServerRoutes } from "./routes/oauth";
import { oauthClientRoutes } from "./routes/oauth-clients";
import { organizationRoutes } from "./routes/organizations";
import { sessionRoutes } from "./routes/sessions";
import { userRoutes } from "./routes/users";
import { webhookRoutes } from "./routes/webhooks";
import { wsRoutes } from "./routes/ws";

/** Largest accepted request body (docs/decisions.md): refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface AppOptions {
  /** The clock of the rate-limit windows (default Date.now). */
  now?: () => number;
}

export function createApp(options: AppOptions = {}) {
  const now = options.now ?? Date.now;
  const app = router();
  app.onError(onError);
  const allowedMethods = allowedMethodsOf(app.routes);
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
        headers: { Allow: allowed.join(", ") },
      }),
      c,
    );
  });

  app.use("*", async (c, next) => {
    c.set("now", now);
    await next();
  });
  app.use("*", requestId, securityHeaders);
  // Production refuses requests without its signing and data encryption keys (each loads once per isolate),
  // or with the test payment gateway.
  app.use("*", async (c, next) => {
    refuseTestGatewayInProduction(c.env);
    await Promise.all([signingKeys(c.env), dataEncryptionKey(c.env)]);
    await next();
  });

  const v1 = router();
  // CORS (docs/decisions.md): any origin may call with a bearer token or API key;
  // /v1 never uses cookies, so credentials are not allowed.
  v1.use(
    "*",
    cors({
      origin: "*",
      allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
      allowHeaders: [
        "Authorization",
        "Content-Type",
        "X-API-Key",
        "X-Client-Version",
        "X-Request-Id",
        "Idempotency-Key",
        "X-Organization-Id",
        BOOKMARK_HEADER,
      ],
      exposeHeaders: ["X-Request-Id", "X-API-Version", "RateLimit", "RateLimit-Policy", "Retry-After", BOOKMARK_HEADER],
      credentials: false,
      maxAge: 86_400,
    }),
  );
  v1.use("*", clientVersion);
  v1.use("*", rateLimit, apiUsage);
  // After authentication (which reads the primary: revocation and key checks must not lag).
  v1.use("*", d1Session);
  v1.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", { details: { max_bytes: MAX_BODY_BYTES } });
      },
    }),
  );
  v1.route("/auth", authRoutes());
  v1.route("/users", userRoutes());
  v1.route("/billing", billingRoutes());
  v1.route("/webhooks", webhookRoutes());
  v1.route("/admin", adminRoutes());
  v1.route("/sessions", sessionRoutes());
  v1.route("/ws", wsRoutes());
  v1.route("/api-keys", apiKeyRoutes());
  v1.route("/oauth/clients", oauthClientRoutes());
  v1.route("/organizations", organizationRoutes());
  v1.route("/exports", exportRoutes());

  registerSecuritySchemes(v1);
  v1.get("/openapi.json", (c) => c.json(openApiDocument(v1, new URL(c.req.url).origin, c.env)));
  // The reference renderer is bundled from npm and served from /docs/ (no CDN: it works offline).
  v1.get("/docs", (c) => {
    c.header("Content-Security-Policy", DOCS_CSP);
    c.header("Cache-Control", "public, max-age=300");
    return c.html(DOCS_HTML);
  });

  app.route("/v1", v1);
  // The console's sign-in: sets its session cookies (docs/security.md "Console").
  const consoleApp = router();
  consoleApp.use("*", rateLimit, bodyLimit({ maxSize: 16 * 1024 }));
  consoleApp.route("/", consoleSessionRoutes());
  app.route("/console", consoleApp);
  // The authorization server lives at the origin (the `iss` of every token), outside /v1.
  app.route("/", authorizationServerRoutes());
  return app;
}

export type App = ReturnType<typeof createApp>;
