import { and, asc, eq } from "drizzle-orm";
import { db, schema } from "./client";

const { paymentMethods } = schema;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * Insert a card; it becomes the default if asked or if it is the user's
 * first. One batch: clearing the old default and inserting stay atomic.
 */
export async function insertPaymentMethod(
  d1: D1Database,
  row: Omit<PaymentMethodRow, "isDefault">,
  makeDefault: boolean,
): Promise<PaymentMethodRow> {
  const client = db(d1);
  const hasDefault = await client
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, row.accountId), eq(paymentMethods.isDefault, true)))
    .get();
  const isDefault = makeDefault || !hasDefault;
  const full = { ...row, isDefault };
  if (isDefault) {
    await client.batch([
      client.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.accountId, row.accountId)),
      client.insert(paymentMethods).values(full),
    ]);
  } else {
    await client.insert(paymentMethods).values(full).run();
  }
  return full;
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
