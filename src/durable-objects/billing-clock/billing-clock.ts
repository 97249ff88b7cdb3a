import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../../bindings";
import { systemContext } from "../../context/system";
import { runBillingCycle, type StepOutcome } from "../../domain/billing/cycle";
import { forgetAccountRefs } from "../../domain/identity/acting-account-cache";

const ACCOUNT_KEY = "account_id";
/** Delay before re-running a cycle that hit an infrastructure error (D1, gateway outage). */
const CYCLE_RETRY_MS = 60_000;

/**
 * One Durable Object per billing account: its alarm fires at the account's
 * next action (period end, trial end, dunning retry) and runs the billing
 * cycle (domain/billing/cycle.ts), then re-arms for the next one. Runs by
 * itself wherever Durable Objects run, `wrangler dev` included (where cron
 * triggers do not fire); nothing ever scans all accounts. Requests that
 * change the schedule (signup, plan change, a new card, an explicit retry)
 * call `wake`, which runs what is due at once and re-arms. A DO runs one
 * call at a time, so an account's runs never overlap.
 */
export class BillingClock extends DurableObject<Bindings> {
  /** Liveness probe. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  /** Run what is due now for `accountId` and arm the alarm for the next action. */
  async wake(accountId: string): Promise<{ next_action_at: string | null; outcomes: StepOutcome[] }> {
    await this.ctx.storage.put(ACCOUNT_KEY, accountId);
    return this.run(accountId);
  }

  override async alarm(): Promise<void> {
    const accountId = await this.ctx.storage.get<string>(ACCOUNT_KEY);
    if (!accountId) return;
    try {
      await this.run(accountId);
    } catch (err) {
      console.error(
        JSON.stringify({ msg: "billing cycle failed; retrying", account_id: accountId, error: String(err) }),
      );
      await this.ctx.storage.setAlarm(Date.now() + CYCLE_RETRY_MS);
    }
  }

  private async run(accountId: string) {
    const { nextActionAt, outcomes } = await runBillingCycle(systemContext(this.env, "billing-clock"), { accountId });
    // A renewal or dunning step may change the tier: reads in this isolate see it at once.
    if (outcomes.some((o) => o !== "not_due")) forgetAccountRefs();
    if (nextActionAt === null) {
      await this.ctx.storage.deleteAll();
      return { next_action_at: null, outcomes };
    }
    await this.ctx.storage.setAlarm(nextActionAt);
    return { next_action_at: new Date(nextActionAt).toISOString(), outcomes };
  }
}
