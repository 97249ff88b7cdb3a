import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./identity";

/**
 * One billing account per owner (a user or an organization): plan, status,
 * period, balance. The credit ledger, transactions and payment methods hang
 * off it. `balance` always equals the sum of the account's ledger rows and is
 * never negative (CHECK + conditional writes, db/credits.ts); of it,
 * `included_balance` is what is left of this period's included credits,
 * which expire at renewal (docs/decisions.md, "Billing cycle").
 */
export const billingAccounts = sqliteTable(
  "billing_accounts",
  {
    id: text("id").primaryKey(),
    ownerType: text("owner_type", { enum: ["user", "organization"] }).notNull(),
    ownerId: text("owner_id").notNull(),
    tier: text("tier", { enum: ["basic", "professional", "enterprise"] }).notNull(),
    status: text("status", { enum: ["active", "trialing", "past_due"] }).notNull(),
    balance: integer("balance").notNull().default(0),
    includedBalance: integer("included_balance").notNull().default(0),
    /** Included credits granted for the current period (the plan's, or a prorated share after an upgrade). */
    periodIncluded: integer("period_included").notNull().default(0),
    currentPeriodStart: text("current_period_start").notNull(),
    currentPeriodEnd: text("current_period_end").notNull(),
    trialEndsAt: text("trial_ends_at"),
    /** A downgrade waiting for the period end. */
    pendingTier: text("pending_tier", { enum: ["basic", "professional", "enterprise"] }),
    /**
     * The paid tier chosen at registration whose trial waits for the email's verification (migration
     * 0076, src/domain/billing/trial.ts); NULL once it started or was refused.
     */
    trialTier: text("trial_tier", { enum: ["professional", "enterprise"] }),
    /**
     * How many of the latest debit's credits came from included_balance: set by the debit's UPDATE,
     * read by the next statement of its batch to record it on the session it paid for.
     */
    debitIncluded: integer("debit_included").notNull().default(0),
    /** Failed renewal attempts in the current dunning run (0 when not past_due). */
    dunningAttempts: integer("dunning_attempts").notNull().default(0),
    /**
     * Sessions paid by this account that are pending or processing: the concurrency cap's count.
     * Raised by the debit that pays for a session (the same UPDATE that checks it against the cap),
     * lowered by a trigger on sessions when one leaves pending/processing (migration active_sessions_data).
     */
    activeSessions: integer("active_sessions").notNull().default(0),
    /**
     * Whether the free (basic) plan's included credits renew here (issue 27, docs/decisions.md "Free
     * credits"): set with a verified email's one free grant (its user's account, or its owner's first
     * organization); accounts older than that rule keep them (the migration's default).
     */
    freeIncluded: integer("free_included", { mode: "boolean" }).notNull().default(true),
    /** When the billing clock next acts (period end, trial end or a dunning retry). */
    nextActionAt: text("next_action_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("billing_accounts_owner_unique").on(t.ownerType, t.ownerId),
    index("billing_accounts_updated_idx").on(t.updatedAt),
    index("billing_accounts_next_action_idx").on(t.nextActionAt),
    check("billing_accounts_balance_non_negative", sql`${t.balance} >= 0`),
    check(
      "billing_accounts_included_within_balance",
      sql`${t.includedBalance} >= 0 AND ${t.includedBalance} <= ${t.balance}`,
    ),
  ],
);

/**
 * Saved cards. Only what the Billing record shows is kept: brand, last four
 * digits and expiry. The full number never reaches storage or logs; the
 * gateway's opaque token is what a charge uses (PCI DSS: we hold no PAN).
 */
export const paymentMethods = sqliteTable(
  "payment_methods",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => billingAccounts.id, { onDelete: "cascade" }),
    brand: text("brand").notNull(),
    lastFour: text("last_four").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** Which gateway issued the token (a token is meaningless to another gateway). */
    gateway: text("gateway").notNull(),
    gatewayToken: text("gateway_token").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("payment_methods_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * Money movements (credit purchases, subscription fees, plan-change charges),
 * successful or not. A completed one that grants credits has exactly one
 * credit_ledger row with reference_id = this id, written in the same batch.
 */
export const transactions = sqliteTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => billingAccounts.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["credit_purchase", "subscription_fee", "plan_change"] }).notNull(),
    /** Minor units (cents): no floating point in money arithmetic. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    credits: integer("credits").notNull(),
    status: text("status", { enum: ["completed", "failed", "refunded", "disputed"] }).notNull(),
    description: text("description").notNull(),
    /** Purchases only. */
    creditPackage: text("credit_package"),
    quantity: integer("quantity"),
    paymentMethodId: text("payment_method_id"),
    /**
     * The gateway's idempotency key for a charge that must happen at most once
     * (a subscription fee per account and period); null for purchases, whose id is their key.
     */
    idempotencyKey: text("idempotency_key"),
    /** The gateway's charge id, or its decline/failure code. */
    gatewayReference: text("gateway_reference"),
    failureCode: text("failure_code"),
    /**
     * Of `credits`, how many a later refund, dispute or failure reversed (what was
     * owed back, whether or not the balance still held it: docs/decisions.md).
     */
    creditsReversed: integer("credits_reversed").notNull().default(0),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("transactions_account_created_idx").on(t.accountId, t.createdAt),
    uniqueIndex("transactions_idempotency_key_unique").on(t.idempotencyKey),
    index("transactions_gateway_reference_idx").on(t.gatewayReference),
  ],
);

/**
 * Payment processor events already handled (a Stripe event id): a redelivered
 * or replayed event is answered 200 and changes nothing. Written in the same
 * batch as the change the event caused.
 */
export const processorEvents = sqliteTable("processor_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: text("received_at").notNull(),
});

/** Authenticated API calls per user per UTC day (one upsert per call). */
export const apiUsageDaily = sqliteTable(
  "api_usage_daily",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD (UTC). */
    day: text("day").notNull(),
    calls: integer("calls").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Authenticated API calls per user and UTC month, kept from api_usage_daily
 * by triggers: the month's total and the per-day calls as a 31-entry JSON
 * array (index = day of month − 1). A year of stats' api_calls reads 13 of
 * these instead of up to 366 daily rows (docs/decisions.md, "Performance").
 */
export const apiUsageMonthly = sqliteTable(
  "api_usage_monthly",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** YYYY-MM (UTC). */
    month: text("month").notNull(),
    calls: integer("calls").notNull().default(0),
    /** JSON array of 31 integers: calls on each day of the month. */
    dayCalls: text("day_calls").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * Free credits claimed, one row per normalised email address (issue 27, docs/decisions.md "Free
 * credits"), keyed by its SHA-256. No foreign key: a row outlives its account, so the same address
 * registered again claims nothing. One claim per user; `organization_id` is the one organization
 * (the owner's first) whose included credits it paid for.
 */
export const freeCreditGrants = sqliteTable(
  "free_credit_grants",
  {
    emailHash: text("email_hash").primaryKey(),
    userId: text("user_id").notNull(),
    grantedAt: text("granted_at").notNull(),
    /** Credits the claim granted (0 for an account that had had starting credits before the rule). */
    credits: integer("credits").notNull(),
    organizationId: text("organization_id"),
    organizationGrantedAt: text("organization_granted_at"),
  },
  (t) => [
    uniqueIndex("free_credit_grants_user_unique").on(t.userId),
    uniqueIndex("free_credit_grants_organization_unique")
      .on(t.organizationId)
      .where(sql`${t.organizationId} IS NOT NULL`),
  ],
);
