import { z } from "@hono/zod-openapi";
import { ALL_SCOPES } from "../../domain/identity/scopes";
import { trimmedText } from "../../http/schemas";
import { ScopeSchema } from "../api-keys/schemas";

export const ClientIdParam = z.object({
  client_id: z
    .string()
    .max(64)
    .openapi({ param: { name: "client_id", in: "path" }, example: "client_1763776000000123456" }),
});

export const CreateClientBody = z
  .object({
    name: trimmedText(100).openapi({ description: "Shown to users on the consent screen.", example: "Acme Reporting" }),
    client_type: z.enum(["confidential", "public"]).openapi({
      description:
        "`confidential`: a server that keeps a client_secret. `public`: a native or browser app (no secret, PKCE required).",
    }),
    redirect_uris: z
      .array(z.string().max(2000))
      .max(10)
      .default([])
      .openapi({
        description: "Absolute; https, or http on a loopback address for native apps. Compared exactly.",
        example: ["https://acme.example/callback"],
      }),
    grant_types: z
      .array(z.enum(["authorization_code", "client_credentials", "refresh_token"]))
      .min(1)
      .max(3)
      .openapi({
        description:
          "`authorization_code` and/or `client_credentials` (confidential only). `refresh_token` (RFC 7591 §2) may be listed " +
          "beside authorization_code, which implies it anyway; refresh tokens come only from that grant, so it is refused on its own.",
      }),
    scopes: z
      .array(ScopeSchema)
      .min(1)
      .max(ALL_SCOPES.length)
      .openapi({ description: "The most this client may ever be granted; a subset of yours." }),
  })
  .openapi("CreateOAuthClientRequest");

export const OAuthClientSchema = z
  .object({
    client_id: z.string(),
    name: z.string(),
    client_type: z.enum(["confidential", "public"]),
    redirect_uris: z.array(z.string()),
    grant_types: z.array(z.string()),
    scopes: z.array(z.string()),
    token_endpoint_auth_method: z.enum(["client_secret_basic", "none"]),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("OAuthClient");

export const NewOAuthClientSchema = OAuthClientSchema.extend({
  client_secret: z
    .string()
    .nullable()
    .openapi({ description: "Confidential clients only. Shown only in this response: store it now." }),
}).openapi("NewOAuthClient");
