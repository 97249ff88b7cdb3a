import type { Context as HonoContext } from "hono";
import type { Actor, Context, RequestMeta, UserContext } from "../domain/context";
import type { HolderContext } from "../domain/identity/account-holder";
import type { AppEnv } from "../http/app-env";
import { clientIp, reportedCountry } from "../lib/request";
import { committer } from "./commit";
import { configOf } from "./config";
import { portsOf } from "./ports";
import { contextShards } from "./shards";

/**
 * The request's context, built on first use and kept for the rest of the request. Its D1 handle
 * is the request's D1 session (src/middleware/d1-session.ts), and its actor is whoever
 * authentication found, once it has run.
 */
export function contextOf(c: HonoContext<AppEnv>): Context {
  let ctx = c.get("ctx");
  if (!ctx) {
    ctx = build(c);
    c.set("ctx", ctx);
  }
  return ctx;
}

/**
 * The context of a route marked `accountSecurity` (src/routes/route.ts), carrying the proof that the
 * account-security rule held. Called from a route without the mark it throws: the route must be
 * marked, so the served document and the matrix test see it.
 */
export function holderContextOf(c: HonoContext<AppEnv>): HolderContext {
  const ctx = userContextOf(c);
  if (!c.get("accountHolder")) throw new Error("holderContextOf: the route is not marked accountSecurity");
  return ctx as HolderContext;
}

/** The context of an authenticated request (routes behind a credential). */
export function userContextOf(c: HonoContext<AppEnv>): UserContext {
  const ctx = contextOf(c);
  if (ctx.actor.kind !== "user") throw new Error("userContextOf: the request was not authenticated");
  return ctx as UserContext;
}

function build(c: HonoContext<AppEnv>): Context {
  const env = c.env;
  const now = c.get("now") ?? Date.now;
  const actor = (): Actor => {
    const principal = c.get("principal");
    return principal ? { kind: "user", principal } : { kind: "anonymous" };
  };
  let meta: RequestMeta | undefined;
  return {
    get actor() {
      return actor();
    },
    get principal() {
      return c.get("principal");
    },
    get holder() {
      return c.get("accountHolder");
    },
    // Read when used: the D1 session middleware replaces the request's bindings before routes run.
    get db() {
      return c.env.DB;
    },
    shards: contextShards(() => c.env),
    kv: env.KV,
    config: configOf(env),
    ports: portsOf(env),
    now,
    // Read when used: most requests record no audit entry or sign-in, so the headers are parsed only for those that do.
    get meta() {
      meta ??= {
        requestId: c.get("requestId"),
        ip: clientIp(c),
        userAgent: c.req.header("user-agent") ?? "",
        country: reportedCountry(c) ?? "",
      };
      return meta;
    },
    commit: committer(() => c.env.DB),
  } as Context;
}
