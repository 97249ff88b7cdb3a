import type { Bindings } from "../bindings";
import type { RecordInBatch } from "../db/idempotency";
import type { CommitAlongside, Context } from "../domain/context";
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
  /** Set on an atomic idempotent route with an Idempotency-Key (middleware/idempotency.ts): the record, for the work's batch. */
  idempotencyRecord?: RecordInBatch;
  /** What the request's context commits beside a work's outcome (Context.commit): the route's Idempotency-Key record. */
  commitAlongside?: CommitAlongside;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
