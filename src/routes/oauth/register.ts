import type { Hono } from "hono";
import { contextOf } from "../../context/request";
import { RegistrationError, registerDynamicClient } from "../../domain/identity/oauth/registration";
import { limitScale, oauthRegistrationWindows } from "../../domain/limits/policies";
import type { AppEnv } from "../../http/app-env";
import { clientIp } from "../../lib/request";
import { limiterFor } from "../../middleware/rate-limit";
import { publicCors } from "./cors";
import { oauthEndpoint } from "./endpoint";

const REGISTRATION_PATH = "/oauth2/register";
const MAX_BODY_BYTES = 8 * 1024;

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", Pragma: "no-cache", ...headers },
  });

/** POST /oauth2/register: Dynamic Client Registration (RFC 7591 §3), open, throttled per IP, public clients only. */
export function mountRegistration(app: Hono<AppEnv>) {
  app.use(REGISTRATION_PATH, publicCors);
  app.post(REGISTRATION_PATH, (c) =>
    oauthEndpoint(c, async () => {
      const windows = oauthRegistrationWindows(limitScale(contextOf(c).config));
      const decision = await limiterFor(c).consume(`oauth-register:${clientIp(c)}`, windows, 1);
      if (!decision.allowed)
        return json(
          {
            error: "slow_down",
            error_description: `Too many registrations from this address: retry in ${decision.retryAfter} seconds.`,
          },
          429,
          { "Retry-After": String(decision.retryAfter) },
        );
      if (!/^application\/json\b/i.test(c.req.header("content-type") ?? ""))
        return json({ error: "invalid_client_metadata", error_description: "The body must be application/json." }, 400);
      const bytes = await c.req.arrayBuffer();
      if (bytes.byteLength > MAX_BODY_BYTES)
        return json({ error: "invalid_client_metadata", error_description: "The body is too large." }, 400);
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        return json({ error: "invalid_client_metadata", error_description: "The body is not valid JSON." }, 400);
      }
      try {
        return json(await registerDynamicClient(contextOf(c), { body }), 201);
      } catch (err) {
        if (err instanceof RegistrationError)
          return json({ error: err.error, error_description: err.description }, 400);
        throw err;
      }
    }),
  );
}
