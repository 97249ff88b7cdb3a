import type { MiddlewareHandler } from "hono";
import { userContextOf } from "../context/request";
import { AccountHolder } from "../domain/identity/account-holder";
import type { AppEnv } from "../http/app-env";

/**
 * The account-security rule (src/domain/identity/account-holder.ts) for a route marked
 * `accountSecurity`: after the scope check, before the body is read, so a refused credential learns
 * nothing from validation. The proof it sets is what the route's domain function needs
 * (holderContextOf).
 */
export function requireAccountHolder(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("accountHolder", await AccountHolder.prove(userContextOf(c)));
    await next();
  };
}
