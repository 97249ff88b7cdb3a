import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { billingAccounts } from "./billing";

/**
 * Append-only credit ledger: every change to a balance is one row. Rows are
 * never updated or deleted. (reason, reference_id) is unique, so a refund or
 * purchase for one reference can be applied only once, however often an
 * alarm or a retry repeats it. A session's debit is left out of that index:
 * it commits in one batch with the session row, whose primary key is its
 * reference, so it cannot repeat either (db/credits.ts).
 *
 * The table is WITHOUT ROWID (migration ledger_without_rowid_data; drizzle
 * cannot declare it): its text primary key is the table itself, not an index
 * beside a rowid table, so a row is one b-tree entry instead of two.
 */
export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => billingAccounts.id, { onDelete: "cascade" }),
    /** Signed change: negative for debits. */
    delta: integer("delta").notNull(),
    reason: text("reason", {
      enum: [
        "signup_grant",
        "session_debit",
        "session_refund",
        "credit_purchase",
        "adjustment",
        "credits_renewal",
        "credits_expiry",
        "plan_proration",
        "payment_reversal",
      ],
    }).notNull(),
    /** What caused it: a session id, transaction id, or the account id for the signup grant. */
    referenceId: text("reference_id").notNull(),
    description: text("description").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("credit_ledger_reason_reference_unique")
      .on(t.reason, t.referenceId)
      .where(sql`${t.reason} <> 'session_debit'`),
    index("credit_ledger_account_created_idx").on(t.accountId, t.createdAt),
  ],
);
