import { sql } from "drizzle-orm";
import { integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { billingAccounts } from "./billing";

/**
 * Append-only credit ledger: every change to a balance is one row. Rows are
 * never updated or deleted. (reason, reference_id) is unique, so a refund or
 * purchase for one reference can be applied only once, however often an
 * alarm or a retry repeats it. A session's debit is left out of that index:
 * it commits in one batch with the session row, whose primary key is its
 * reference, so it cannot repeat either (db/credits.ts).
 *
 * The table is WITHOUT ROWID (migration ledger_by_account; drizzle cannot
 * declare it), keyed (account_id, created_at, id): the key is the table
 * itself, so a row is one b-tree entry, and an account's history in time
 * order is a range of it with no index beside it. A row is found by all
 * three (db/credits.ts, `ledgerRowExists`).
 */
export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    id: text("id").notNull(),
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
        "session_reprice",
        "credit_purchase",
        "adjustment",
        "credits_renewal",
        "credits_expiry",
        "plan_proration",
        "payment_reversal",
      ],
    }).notNull(),
    /**
     * What caused it: a session id, transaction id, or the account id for the signup grant. '' in a
     * session's debit, whose id is the session's (src/db/credits.ts debitLedgerId, ledgerReference).
     */
    referenceId: text("reference_id").notNull(),
    /** '' in a session's debit: read as "<type> session <id>" (src/db/billing-history.ts). */
    description: text("description").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("credit_ledger_reason_reference_unique")
      .on(t.reason, t.referenceId)
      .where(sql`${t.reason} <> 'session_debit'`),
    primaryKey({ columns: [t.accountId, t.createdAt, t.id] }),
  ],
);
