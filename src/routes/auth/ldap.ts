import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { ldapSignIn } from "../../domain/identity/sso/flows";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { countryOf } from "../../lib/request";
import { authThrottle } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";
import { AuthResultSchema, authResult } from "./schemas";

const LdapLoginBody = z
  .object({
    connection: z
      .string()
      .regex(/^sso_\d{1,30}$/)
      .openapi({ description: "The organization's LDAP connection id" }),
    username: z.string().max(254).openapi({ description: "Directory username or email", example: "ada" }),
    password: z.string().max(1024),
  })
  .openapi("LdapLoginRequest");

const route = defineRoute({
  operationId: "ldapLogin",
  method: "post",
  path: "/ldap",
  tags: ["Authentication"],
  // The same password-guessing budget as /auth/login, per IP and per connection+username.
  middleware: [
    authThrottle(async (c) => {
      try {
        const body = (await c.req.json()) as { connection?: unknown; username?: unknown };
        return typeof body?.username === "string"
          ? `ldap:${String(body.connection)}:${body.username.trim().toLowerCase().slice(0, 254)}`
          : undefined;
      } catch {
        return undefined;
      }
    }),
  ],
  summary: "Sign in through an organization's LDAP directory",
  description:
    "Binds to the organization's directory (ldaps:// or StartTLS), maps the user's groups to an organization role, provisions or links the user (docs/sso.md, Linking: only emails in the organization's verified domains) and returns tokens that act for that organization only, never as an administrator. Empty passwords are refused before any bind.",
  request: { body: { required: true, content: { "application/json": { schema: LdapLoginBody } } } },
  responses: {
    200: { description: "Signed in", content: { "application/json": { schema: envelopeSchema(AuthResultSchema) } } },
  },
  errors: [
    "INVALID_CREDENTIALS",
    // The organization's SCIM directory deactivated the person (docs/sso.md "SCIM").
    "INSUFFICIENT_PERMISSIONS",
    "RESOURCE_NOT_FOUND",
    "DIRECTORY_UNAVAILABLE",
    "SSO_CONNECTION_INVALID",
    "INSUFFICIENT_PERMISSIONS",
    "SSO_EMAIL_DOMAIN_NOT_VERIFIED",
    "SSO_IDENTITY_CONFLICT",
  ],
});

export function mountLdapLogin(app: Router) {
  app.openapi(route, async (c) => {
    const { connection, username, password } = c.req.valid("json");
    const result = await ldapSignIn(contextOf(c), {
      connectionId: connection,
      login: username,
      password,
      country: countryOf(c),
    });
    return c.json(ok(authResult(result), "Login successful"), 200);
  });
}
