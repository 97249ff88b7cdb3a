import type { Bindings } from "../../env";

/** The BillingClock of a billing account: one Durable Object per account id. */
export const clockOf = (env: Pick<Bindings, "BILLING_CLOCK">, accountId: string) =>
  env.BILLING_CLOCK.get(env.BILLING_CLOCK.idFromName(accountId));

/**
 * Run what is due for the account now and re-arm its clock. A failure is
 * logged, not thrown: the change that asked for it is committed, and the
 * maintenance run wakes clocks whose action is overdue.
 */
export async function wakeClock(env: Pick<Bindings, "BILLING_CLOCK">, accountId: string) {
  try {
    return await clockOf(env, accountId).wake(accountId);
  } catch (err) {
    console.error(JSON.stringify({ msg: "billing clock not reached", account_id: accountId, error: String(err) }));
    return null;
  }
}
