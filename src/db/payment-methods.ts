import { and, asc, eq } from "drizzle-orm";
import { db, schema } from "./client";
import type { Statement } from "./store";

const { paymentMethods } = schema;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * Inserts a card, as the default (`isDefault`) or not; clearing the old default comes first, so the
 * statements commit together with the caller's (an organization's audit entry).
 */
export function insertPaymentMethodStatements(
  d1: D1Database,
  row: Omit<PaymentMethodRow, "isDefault">,
  isDefault: boolean,
): Statement[] {
  const insert = d1
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
    );
  if (!isDefault) return [insert];
  return [d1.prepare("UPDATE payment_methods SET is_default = 0 WHERE account_id = ?").bind(row.accountId), insert];
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
 * default (renewals need one to charge). The first statement wrote no row when there is no such card.
 */
export function deletePaymentMethodStatements(d1: D1Database, accountId: string, id: string): Statement[] {
  return [
    d1.prepare("DELETE FROM payment_methods WHERE id = ?1 AND account_id = ?2").bind(id, accountId),
    d1
      .prepare(
        `UPDATE payment_methods SET is_default = 1 WHERE id = (
           SELECT id FROM payment_methods WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 1
         ) AND NOT EXISTS (SELECT 1 FROM payment_methods WHERE account_id = ?1 AND is_default = 1)`,
      )
      .bind(accountId),
  ];
}

/** Makes the account's card its only default (nothing when the card is not the account's). */
export function makeDefaultPaymentMethodStatement(d1: D1Database, accountId: string, id: string): Statement {
  return d1
    .prepare(
      "UPDATE payment_methods SET is_default = (id = ?2) WHERE account_id = ?1 AND EXISTS (SELECT 1 FROM payment_methods WHERE id = ?2 AND account_id = ?1)",
    )
    .bind(accountId, id);
}
