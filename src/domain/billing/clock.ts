import type { Context } from "../context";

/** The BillingClock of a billing account: one Durable Object per account id. */
export const clockOf = (ctx: Context, accountId: string) =>
  ctx.env.BILLING_CLOCK.get(ctx.env.BILLING_CLOCK.idFromName(accountId));

/**
 * Run what is due for the account now and re-arm its clock. A failure is
 * logged, not thrown: the change that asked for it is committed, and the
 * maintenance run wakes clocks whose action is overdue.
 */
export async function wakeClock(ctx: Context, accountId: string) {
  try {
    return await clockOf(ctx, accountId).wake(accountId);
  } catch (err) {
    console.error(JSON.stringify({ msg: "billing clock not reached", account_id: accountId, error: String(err) }));
    return null;
  }
}
