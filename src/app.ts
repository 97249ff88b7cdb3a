import { Scalar } from "@scalar/hono-api-reference";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./env";
import { AppError } from "./http/errors";
import { onError } from "./http/on-error";
import { router } from "./http/openapi";
import { openApiDocumentConfig, registerSecuritySchemes } from "./http/openapi-document";
import { clientVersion } from "./middleware/client-version";
import { requestId } from "./middleware/request-id";
import { securityHeaders } from "./middleware/security-headers";
import { signingKeys } from "./domain/identity/signing-keys";
import { authRoutes } from "./routes/auth";
import { sessionRoutes } from "./routes/sessions";
import { userRoutes } from "./routes/users";
import { wsRoutes } from "./routes/ws";

/** Largest accepted request body (docs/decisions.md): refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

export function createApp() {
  const app = router();
  app.onError(onError);
  app.notFound((c) => onError(new AppError("ROUTE_NOT_FOUND", { details: { method: c.req.method, path: c.req.path } }), c));

  app.use("*", requestId, securityHeaders);
  // Production refuses requests without its signing key (loads once per isolate).
  app.use("*", async (c, next) => {
    await signingKeys(c.env);
    await next();
  });

  const v1 = router();
  v1.use("*", clientVersion);
  v1.use("*", bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new AppError("PAYLOAD_TOO_LARGE", { details: { max_bytes: MAX_BODY_BYTES } }); } }));
  v1.route("/auth", authRoutes());
  v1.route("/users", userRoutes());
  v1.route("/sessions", sessionRoutes());
  v1.route("/ws", wsRoutes());

  registerSecuritySchemes(v1);
  v1.doc31("/openapi.json", (c) => openApiDocumentConfig(new URL(c.req.url).origin));
  v1.get(
    "/docs",
    async (c, next) => {
      await next();
      // The docs UI loads its script from a CDN; allow exactly that.
      c.header("Content-Security-Policy", "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; font-src https://fonts.gstatic.com https://cdn.jsdelivr.net; img-src 'self' data: https:; connect-src 'self'; frame-ancestors 'none'");
      c.header("Cache-Control", "public, max-age=300");
    },
    Scalar({ url: "/v1/openapi.json", pageTitle: "Session Analysis API" }),
  );

  app.route("/v1", v1);
  return app;
}

export type App = ReturnType<typeof createApp>;
