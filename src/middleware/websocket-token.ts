import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { authenticateCredential } from "../domain/identity/authenticate";

/**
 * Browsers cannot set headers on a WebSocket handshake, so the live-progress
 * route also accepts the access token (docs/decisions.md):
 *   - `Sec-WebSocket-Protocol: bearer, <token>` (preferred: not logged with URLs;
 *     the server then selects the `bearer` sub-protocol), or
 *   - the query parameter `?access_token=<token>`.
 * An Authorization or X-API-Key header, when present, wins. The principal is
 * set here; the route's scope check then proceeds as for any other route.
 */
export const websocketToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header("authorization") === undefined && c.req.header("x-api-key") === undefined) {
    const token = bearerFromProtocols(c.req.header("sec-websocket-protocol")) ?? c.req.query("access_token");
    if (token) {
      const principal = await authenticateCredential(c.env, { authorization: `Bearer ${token}` });
      if (principal) c.set("principal", principal);
    }
  }
  await next();
};

/** `bearer, <token>` → the token (the entry right after "bearer"). */
export function bearerFromProtocols(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const parts = header.split(",").map((p) => p.trim());
  const i = parts.indexOf("bearer");
  return i >= 0 ? parts[i + 1] || undefined : undefined;
}
