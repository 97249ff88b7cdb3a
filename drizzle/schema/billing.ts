import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./identity";

/**
 * Saved cards. Only what the Billing record shows is kept: brand, last four
 * digits and expiry. The full number never reaches storage or logs; the
 * gateway's opaque token is what a charge uses (PCI DSS: we hold no PAN).
 */
export const paymentMethods = sqliteTable(
  "payment_methods",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
  (t) => [index("payment_methods_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Money movements (credit purchases), successful or not. A completed
 * purchase has exactly one credit_ledger row with reason `credit_purchase`
 * and reference_id = this id, written in the same batch.
 */
export const transactions = sqliteTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["credit_purchase"] }).notNull(),
    /** Minor units (cents): no floating point in money arithmetic. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    credits: integer("credits").notNull(),
    status: text("status", { enum: ["completed", "failed"] }).notNull(),
    description: text("description").notNull(),
    creditPackage: text("credit_package").notNull(),
    quantity: integer("quantity").notNull(),
    paymentMethodId: text("payment_method_id").notNull(),
    /** The gateway's charge id, or its decline/failure code. */
    gatewayReference: text("gateway_reference"),
    failureCode: text("failure_code"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("transactions_user_created_idx").on(t.userId, t.createdAt)],
);

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
