import type { Context } from "hono";

/**
 * Sets a header on the response a middleware sees after `next()`, in place.
 * Hono's `c.header()` on a finished response copies the whole Response (body
 * and every header) for each header it sets; the app's middleware add about a
 * dozen, so a request paid a dozen copies. Responses built in the worker have
 * mutable headers; one from `fetch()` (static assets, a Durable Object's
 * answer) does not, and takes Hono's copy once: the copy is mutable, so the
 * headers that follow are set in place again.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/** Sets each header the response does not already carry (a route's own value wins). */
export function setResponseHeadersIfAbsent(c: Context, headers: readonly (readonly [string, string])[]): void {
  let target = c.res.headers;
  for (const [name, value] of headers) {
    if (target.has(name)) continue;
    try {
      target.set(name, value);
    } catch {
      c.header(name, value);
      target = c.res.headers;
    }
  }
}
