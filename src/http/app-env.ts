import type { Bindings } from "../bindings";
import type { Context } from "../domain/context";
import type { FreeKey } from "../domain/idempotency/records";
import type { AccountHolder } from "../domain/identity/account-holder";
import type { Principal } from "../domain/identity/principal";

/** Per-request values set by middleware. */
interface Variables {
  requestId: string;
  apiVersion: string;
  principal: Principal;
  /** Set on a route marked `accountSecurity` once the rule held (src/middleware/account-holder.ts). */
  accountHolder?: AccountHolder;
  /** The unit of work's context (src/context/request.ts): read it with contextOf(c). */
  ctx?: Context;
  /** The clock rate-limit windows are counted on (Date.now; tests pin it with createApp({ now })). */
  now: () => number;
  /** The route pattern that answered, set by a lazily built group's dispatcher (src/http/lazy-route.ts). */
  route?: string;
  /** The catalogue code of an error answer, set by onError: the request log line and metric carry it. */
  errorCode?: string;
  /**
   * Set on an atomic idempotent route with an Idempotency-Key no record holds (middleware/idempotency.ts):
   * the route reads it with idempotencyRecord(c, …) and hands the record to its use case's commit.
   */
  idempotencyKey?: FreeKey;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
