import { and, asc, eq } from "drizzle-orm";
import { db, schema } from "./client";

const { paymentMethods } = schema;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * Insert a card; it becomes the default if asked or if it is the user's
 * first, never with `"never"` (a method not yet proven by a charge). One batch: clearing the old default, the insert and `audit` (the
 * statements to commit with it, e.g. an organization's audit entry
 * conditioned on the insert) stay atomic.
 */
export async function insertPaymentMethod(
  d1: D1Database,
  row: Omit<PaymentMethodRow, "isDefault">,
  makeDefault: boolean | "never",
  audit: D1PreparedStatement[] = [],
): Promise<PaymentMethodRow> {
  const client = db(d1);
  const hasDefault = await client
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, row.accountId), eq(paymentMethods.isDefault, true)))
    .get();
  const isDefault = makeDefault === "never" ? false : makeDefault || !hasDefault;
  const statements: D1PreparedStatement[] = [];
  if (isDefault) {
    statements.push(d1.prepare("UPDATE payment_methods SET is_default = 0 WHERE account_id = ?").bind(row.accountId));
  }
  statements.push(
    d1
      .prepare(
        `INSERT INTO payment_methods (id, account_id, brand, last_four, exp_month, exp_year, gateway, gateway_token,
         is_default, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        row.id,
        row.accountId,
        row.brand,
        row.lastFour,
        row.expMonth,
        row.expYear,
        row.gateway,
        row.gatewayToken,
        isDefault ? 1 : 0,
        row.createdAt,
      ),
    ...audit,
  );
  await d1.batch(statements);
  return { ...row, isDefault };
}

export async function listPaymentMethods(d1: D1Database, accountId: string): Promise<PaymentMethodRow[]> {
  return db(d1)
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.accountId, accountId))
    .orderBy(asc(paymentMethods.createdAt))
    .all();
}

/** The account's payment method, or undefined when it does not exist or belongs to another account. */
export async function findOwnPaymentMethod(
  d1: D1Database,
  accountId: string,
  id: string,
): Promise<PaymentMethodRow | undefined> {
  return db(d1)
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.accountId, accountId)))
    .get();
}

export async function findDefaultPaymentMethod(
  d1: D1Database,
  accountId: string,
): Promise<PaymentMethodRow | undefined> {
  return db(d1)
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), eq(paymentMethods.isDefault, true)))
    .get();
}

/** The account's saved method with this gateway token (a processor id attached before). */
export async function findPaymentMethodByToken(
  d1: D1Database,
  accountId: string,
  gateway: string,
  token: string,
): Promise<PaymentMethodRow | undefined> {
  return db(d1)
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.accountId, accountId),
        eq(paymentMethods.gateway, gateway),
        eq(paymentMethods.gatewayToken, token),
      ),
    )
    .get();
}

/**
 * Removes the account's card; when it was the default, the newest remaining card becomes the
 * default (renewals need one to charge). One batch with `audit`; false when no such card of the account.
 */
export async function deletePaymentMethod(
  d1: D1Database,
  accountId: string,
  id: string,
  audit: D1PreparedStatement[] = [],
): Promise<boolean> {
  const [deleted] = await d1.batch([
    d1.prepare("DELETE FROM payment_methods WHERE id = ?1 AND account_id = ?2").bind(id, accountId),
    d1
      .prepare(
        `UPDATE payment_methods SET is_default = 1 WHERE id = (
           SELECT id FROM payment_methods WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 1
         ) AND NOT EXISTS (SELECT 1 FROM payment_methods WHERE account_id = ?1 AND is_default = 1)`,
      )
      .bind(accountId),
    ...audit,
  ]);
  return (deleted?.meta.changes ?? 0) === 1;
}

/** Makes the account's card its only default, in one batch with `audit`. */
export async function makeDefaultPaymentMethod(
  d1: D1Database,
  accountId: string,
  id: string,
  audit: D1PreparedStatement[] = [],
): Promise<void> {
  await d1.batch([
    d1
      .prepare(
        "UPDATE payment_methods SET is_default = (id = ?2) WHERE account_id = ?1 AND EXISTS (SELECT 1 FROM payment_methods WHERE id = ?2 AND account_id = ?1)",
      )
      .bind(accountId, id),
    ...audit,
  ]);
}
