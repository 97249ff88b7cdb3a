import type { OpenAPIHono } from "@hono/zod-openapi";
import { SCOPES } from "../domain/identity/scopes";
import type { AppEnv } from "../env";
import { CURRENT_API_VERSION } from "../middleware/client-version";
import { OrganizationIdHeader } from "./route";

export function registerSecuritySchemes(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerParameter("OrganizationId", OrganizationIdHeader);
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "An access token from /v1/auth/login, /v1/auth/register, /v1/auth/refresh or the OAuth token endpoint.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description: "An API key from POST /v1/api-keys (also accepted as `Authorization: Bearer <key>`).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "oauth2", {
    type: "oauth2",
    flows: {
      authorizationCode: {
        authorizationUrl: "/oauth2/authorize",
        tokenUrl: "/oauth2/token",
        refreshUrl: "/oauth2/token",
        scopes: { ...SCOPES },
      },
      clientCredentials: { tokenUrl: "/oauth2/token", scopes: { ...SCOPES } },
    },
  });
}

export function openApiDocumentConfig(origin: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Session Analysis Service API",
      version: CURRENT_API_VERSION,
      description: [
        "JSON-over-HTTP API for analysis sessions. Every response uses the envelope `{success, data, message}` or `{success: false, error}`.",
        "Errors list their codes per status; the full catalogue is in the `ErrorEnvelope` schema.",
        "Send `X-Client-Version: YYYY-MM-DD` to pin an API version; the served version is in `X-API-Version`.",
      ].join("\n\n"),
    },
    servers: [{ url: `${origin}/v1`, description: "This deployment" }],
  };
}
