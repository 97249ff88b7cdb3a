import { z } from "@hono/zod-openapi";

export const SignInSchema = z
  .object({
    id: z.string().openapi({ description: "The sign-in's id (its access tokens' `sid`)" }),
    created_at: z.string().openapi({ format: "date-time", description: "When the person signed in" }),
    last_used_at: z.string().openapi({ format: "date-time", description: "The sign-in or its latest token refresh" }),
    client: z.string().openapi({
      description: "A summary of the browser or program (`Firefox on Linux`), or the OAuth client's name",
      example: "Firefox on Linux",
    }),
    kind: z.enum(["sign_in", "oauth_grant"]),
    oauth_client_id: z.string().nullable(),
    country: z
      .string()
      .nullable()
      .openapi({ description: "The country Cloudflare reported at its latest use (ISO 3166-1 alpha-2)" }),
    current: z.boolean().openapi({ description: "True for the sign-in making this request" }),
  })
  .openapi("SignIn");

export const SignInIdParam = z.object({
  sign_in_id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, "must be a sign-in id from GET /v1/users/me/sessions")
    .openapi({ param: { name: "sign_in_id", in: "path" }, example: "3b241101-e2bb-4255-8caf-4136c566a962" }),
});

export const SIGN_IN_SCOPE_NOTE =
  "Needs a first-party sign-in's access token (the console's or `POST /v1/auth/login`'s), not an API key or an OAuth client's token (403 `INSUFFICIENT_PERMISSIONS`).";
