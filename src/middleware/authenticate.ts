import type { Context, MiddlewareHandler, Next } from "hono";
import { contextOf } from "../context/request";
import { actingAccountRef } from "../domain/billing/accounts";
import { cachedAccountRef, forgetAccountRefs, rememberAccountRef } from "../domain/identity/acting-account-cache";
import { authenticateCredential, type PresentedCredentials } from "../domain/identity/authenticate";
import type { Principal } from "../domain/identity/principal";
import type { Scope } from "../domain/identity/scopes";
import { actingAs, ORGANIZATION_HEADER, resolveActingOrganization } from "../domain/organizations/access";
import { AppError } from "../errors";
import type { AppEnv } from "../http/app-env";
import { consoleSessionToken } from "../http/console-cookies";

/**
 * Authenticate the caller and check the route's scope. `scopes` is "any of":
 * an empty list means any authenticated principal. No credential → 401
 * AUTHENTICATION_REQUIRED; a bad one → 401 TOKEN_INVALID/TOKEN_EXPIRED;
 * a missing scope → 403 INSUFFICIENT_PERMISSIONS naming the scope.
 */
export function requireScope(scopes: Scope | readonly Scope[]): MiddlewareHandler<AppEnv> {
  const needed = typeof scopes === "string" ? [scopes] : [...scopes];
  const checked = (c: Context<AppEnv>, principal: Principal, next: Next) => {
    if (needed.length > 0 && !needed.some((s) => principal.scopes.has(s))) {
      throw new AppError("INSUFFICIENT_PERMISSIONS", {
        message: `This operation requires the scope ${needed.map((s) => `'${s}'`).join(" or ")}.`,
        details: { required_scopes: needed },
      });
    }
    if (isRead(c) || !ACCOUNT_CHANGING.test(c.req.path)) return next();
    return next().then(forgetAccountRefs);
  };
  // Without an async step of its own when authenticate() already found the principal (the usual case).
  return (c, next) => {
    const known = c.get("principal");
    return known ? checked(c, known, next) : principalOf(c).then((principal) => checked(c, principal, next));
  };
}

/**
 * Who calls (docs/architecture.md, "The request path": after the client version, before the rate
 * limit, which counts per principal). A presented credential is authenticated here and its principal
 * set on the request; it refuses nothing: a public route ignores a bad or absent credential, and a
 * route behind one (`requireScope`) reports the refusal itself. A request without a credential
 * passes straight through, with no read of D1 or KV.
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    let presented: ReturnType<typeof presentedCredentials>;
    try {
      presented = presentedCredentials(c);
    } catch {
      // A console cookie without its CSRF header: the route's own authentication reports it.
      return next();
    }
    if (presented.authorization === undefined && presented.apiKey === undefined) return next();
    return principalOf(c, presented).then(
      () => next(),
      // Refused (or D1 unreachable): the route's requireScope authenticates again and answers the refusal.
      () => next(),
    );
  };
}

/** Routes whose writes can change a billing account's tier or status (src/domain/identity/acting-account-cache.ts). */
const ACCOUNT_CHANGING = /^\/v1\/(billing|admin|organizations)(\/|$)/;
const isRead = (c: Context<AppEnv>) => c.req.method === "GET" || c.req.method === "HEAD";

/**
 * The principal of this request, authenticating once (memoised on the context). `presented`: the
 * request's credentials when the caller has already read them (presentedCredentials), so the headers
 * are not read again.
 */
export async function principalOf(
  c: Context<AppEnv>,
  presented?: Omit<PresentedCredentials, "defer">,
): Promise<Principal> {
  const existing = c.get("principal");
  if (existing) return existing;
  const principal = await authenticateCredential(contextOf(c), {
    ...(presented ?? presentedCredentials(c)),
    defer: (work) =>
      c.executionCtx.waitUntil(
        work.catch((err) => console.error(JSON.stringify({ request_id: c.get("requestId"), error: String(err) }))),
      ),
  });
  if (!principal) throw new AppError("AUTHENTICATION_REQUIRED");
  // Who the request acts for, from D1 as it is now: a removed member loses it on this request.
  const acting = await resolveActingOrganization(contextOf(c), {
    principal,
    header: c.req.header(ORGANIZATION_HEADER),
  });
  // Tier and status come from the acting billing account, not the token's claims (the isolate's
  // recent answer except on writes that can change accounts, src/domain/identity/acting-account-cache.ts).
  // If D1 is down the token's tier stands in (the admin status must still answer); anything that
  // debits or credits fails on D1 by itself.
  const now = Date.now();
  const cached = isRead(c) || !ACCOUNT_CHANGING.test(c.req.path) ? cachedAccountRef(acting, now) : undefined;
  if (cached) {
    acting.account = cached;
    acting.tier = cached.tier;
  } else
    try {
      rememberAccountRef(acting, await actingAccountRef(actingAs(contextOf(c), acting)), now);
    } catch (err) {
      if (err instanceof AppError) throw err;
      console.error(
        JSON.stringify({ request_id: c.get("requestId"), msg: "acting account not read", error: String(err) }),
      );
    }
  c.set("principal", acting);
  return acting;
}

/**
 * The credential a request presents. Headers first; a WebSocket handshake
 * (browsers cannot set headers on it) may instead carry an access token as
 * `Sec-WebSocket-Protocol: bearer, <token>` (preferred: URLs get logged) or
 * `?access_token=<token>` (docs/decisions.md). Tokens in URLs are accepted on
 * WebSocket upgrades only. Without any of these, the console's session cookie
 * (with its CSRF check). One function, so authentication and the rate
 * limiter always see the same principal.
 */
export function presentedCredentials(c: Context<AppEnv>): {
  authorization?: string | undefined;
  apiKey?: string | undefined;
  /** The credential is the console's session cookie: the console's own calls, not the user's. */
  fromConsole?: true;
} {
  const authorization = c.req.header("authorization");
  const apiKey = c.req.header("x-api-key");
  if (authorization !== undefined || apiKey !== undefined) return { authorization, apiKey };
  if (c.req.header("upgrade")?.toLowerCase() === "websocket") {
    const token = bearerFromProtocols(c.req.header("sec-websocket-protocol")) ?? c.req.query("access_token");
    if (token) return { authorization: `Bearer ${token}` };
  }
  // The console's cookie comes last: an explicit header always wins (src/http/console-cookies.ts).
  const cookieToken = consoleSessionToken(c);
  return cookieToken ? { authorization: `Bearer ${cookieToken}`, fromConsole: true } : {};
}

/** `bearer, <token>` → the token (the entry right after "bearer"). */
function bearerFromProtocols(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const parts = header.split(",").map((p) => p.trim());
  const i = parts.indexOf("bearer");
  return i >= 0 ? parts[i + 1] || undefined : undefined;
}
