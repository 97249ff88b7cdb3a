import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { verifyEmailOn } from "./support/mail";
import { type DevServer, startWrangler } from "./support/wrangler";

// The billing cycle under a real `wrangler dev`, where cron triggers do not fire:
// only the BillingClock Durable Object's alarms move the accounts along.
// BILLING_PERIOD_SCALE 0.000003: a 14-day trial lasts ~3.6 s, a month ~8 s,
// dunning retries 0.26 s, 0.78 s and 1.3 s after the period end. The three tests run side by side,
// each with an account of its own.
const SCALE = "0.000003";

describe("billing cycle against wrangler dev", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startWrangler({ vars: { BILLING_PERIOD_SCALE: SCALE } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const { call } = apiClient(() => server.url);
  const register = async (tier: string) => {
    const email = `e2e.billing.${tier}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    const res = await call("POST", "/v1/auth/register", undefined, {
      email,
      username: "e2e",
      password: "correct-horse-42",
      tier,
      marketing_consent: false,
    });
    expect(res.status).toBe(201);
    // Verified at once: a paid tier's trial starts with the verification, which also grants the
    // address's free credits (the free plan's 100 included credits).
    await verifyEmailOn(server.url, call, email);
    return res.body.data.token as string;
  };
  const billing = async (token: string) => (await call("GET", "/v1/billing", token)).body.data;
  const history = async (token: string) =>
    (await call("GET", "/v1/billing/history?limit=100", token)).body.data.transactions as {
      type: string;
      status: string;
      amount: number;
    }[];

  /** Poll (the clock runs on its own) until `done` holds or the deadline passes. */
  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
    const deadline = Date.now() + ms;
    let v = await read();
    while (!done(v) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      v = await read();
    }
    return v;
  }

  it.concurrent("a professional signup trials, pays with pm_card_visa (spec request shape) and renews twice by itself", async ({
    expect,
  }) => {
    const token = await register("professional");
    const start = await billing(token);
    // A self-chosen paid tier mints nothing more than the verified address's free credits (docs/decisions.md "Free credits").
    expect(start).toMatchObject({ tier: "professional", status: "trialing", credits: { included: 100 } });
    // A purchase straight from the spec's request shape, paying with a processor test id.
    const bought = await call("POST", "/v1/billing/credits/purchase", token, {
      credit_package: "starter",
      payment_method_id: "pm_card_visa",
      quantity: 1,
    });
    expect(bought.status).toBe(201);
    expect(bought.body.data.payment_status).toBe("succeeded");

    const starts = new Set<string>([start.current_period_start]);
    const seen: { start: string; end: string }[] = [];
    await until(
      async () => {
        const b = await billing(token);
        if (!starts.has(b.current_period_start)) {
          starts.add(b.current_period_start);
          seen.push({ start: b.current_period_start, end: b.current_period_end });
        }
        return (await history(token)).filter((t) => t.type === "subscription_fee" && t.status === "completed").length;
      },
      (fees) => fees >= 3,
    );
    const fees = (await history(token)).filter((t) => t.type === "subscription_fee" && t.status === "completed");
    expect(fees.length).toBeGreaterThanOrEqual(3); // the trial's end, then two renewals
    expect(fees.every((f) => f.amount === 49)).toBe(true);
    const renewals = (await history(token)).filter((t) => t.type === "credits_renewal");
    expect(renewals.length).toBeGreaterThanOrEqual(3);
    // Each new period starts where the previous one ended.
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.start).toBe(seen[i - 1]!.end);
    const b = await billing(token);
    expect(b).toMatchObject({ tier: "professional", status: "active", credits: { included: 1000 } });
    expect(b.credits.purchased_remaining).toBe(100);
  });

  it.concurrent("an account on pm_card_chargeDeclined walks through dunning to basic, and its rate limits drop", async ({
    expect,
  }) => {
    const token = await register("enterprise");
    const me = await call("GET", "/v1/users/me", token);
    expect(me.headers.get("ratelimit-policy")).toContain("q=10000;");
    // The declined card is saved on first use, as the account's default.
    const declined = await call("POST", "/v1/billing/credits/purchase", token, {
      credit_package: "starter",
      payment_method_id: "pm_card_chargeDeclined",
    });
    expect(declined.status).toBe(402);
    const pastDue = await until(
      () => billing(token),
      (b) => b.status === "past_due",
    );
    expect(pastDue.tier).toBe("enterprise");
    const after = await until(
      () => billing(token),
      (b) => b.tier === "basic",
    );
    // The free plan's included credits renew for a verified email's claim, as this account's is.
    expect(after).toMatchObject({ tier: "basic", status: "active", credits: { included: 100 } });
    const failed = (await history(token)).filter((t) => t.type === "subscription_fee" && t.status === "failed");
    expect(failed.length).toBe(4);
    const again = await call("GET", "/v1/users/me", token);
    expect(again.body.data.tier).toBe("basic");
    expect(again.headers.get("ratelimit-policy")).toContain("q=100;");
  });

  it.concurrent("an upgrade mid-period charges the prorated amount", async ({ expect }) => {
    const token = await register("basic");
    const res = await call("PUT", "/v1/billing/plan", token, {
      tier: "professional",
      payment_method_id: "pm_card_visa",
    });
    expect(res.status).toBe(200);
    const { charge, billing: b } = res.body.data;
    // (49 − 0) × the fraction of the period left: some of it has passed since signup.
    expect(charge.amount).toBeGreaterThan(0);
    expect(charge.amount).toBeLessThan(49);
    expect(charge.credits).toBeGreaterThan(0);
    expect(charge.credits).toBeLessThan(900);
    expect(b.tier).toBe("professional");
    const change = (await history(token)).find((t) => t.type === "plan_change");
    expect(change?.amount).toBe(charge.amount);
  });
});
