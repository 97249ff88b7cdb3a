import type { Context } from "../context";

/**
 * Run what is due for the account now and re-arm its clock. A failure is
 * logged, not thrown: the change that asked for it is committed, and the
 * maintenance run wakes clocks whose action is overdue.
 */
export async function wakeClock(ctx: Context, input: { accountId: string }) {
  const { accountId } = input;
  try {
    return await ctx.ports.billingClocks.wake(accountId);
  } catch (err) {
    console.error(JSON.stringify({ msg: "billing clock not reached", account_id: accountId, error: String(err) }));
    return null;
  }
}
