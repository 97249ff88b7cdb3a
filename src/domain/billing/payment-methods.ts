import {
  deletePaymentMethodStatements,
  findDefaultPaymentMethod,
  findOwnPaymentMethod,
  findPaymentMethodByToken,
  insertPaymentMethodStatements,
  listPaymentMethods,
  makeDefaultPaymentMethodStatement,
  type PaymentMethodRow,
} from "../../db/payment-methods";
import { AppError, invalidField } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context, UserContext } from "../context";
import { auditInBatch } from "../organizations/audit";
import { actingAccountRef } from "./accounts";
import { isExpired, luhnValid } from "./cards";
import { type PaymentGateway, paymentGateway } from "./gateway";
import { settleIfPastDue } from "./settle";

export interface AddCardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  set_default?: boolean | undefined;
}

/** The audit entry of a saved payment method, in the insert's batch (none for personal accounts). */
function auditAdded(ctx: UserContext, row: PaymentMethodInsert) {
  return auditInBatch(ctx, {
    organizationId: ctx.principal.organization?.id,
    entry: {
      action: "billing.payment_method_added",
      targetType: "payment_method",
      targetId: row.id,
      after: { payment_method_id: row.id, brand: row.brand, last_four: row.lastFour },
    },
  });
}

type PaymentMethodInsert = Omit<PaymentMethodRow, "isDefault">;

/**
 * Tokenize the card with the gateway and keep only brand, last four and expiry. A new default card
 * on a past_due account settles it at once.
 */
export async function addPaymentMethod(ctx: UserContext, input: AddCardInput): Promise<PaymentMethodRow> {
  const pm = await saveCard(ctx, input);
  if (pm.isDefault) await settleIfPastDue(ctx);
  return pm;
}

function declined(field: string, declineCode: string, message: string): AppError {
  return new AppError("PAYMENT_DECLINED", { message, details: { field, decline_code: declineCode } });
}

async function saveCard(ctx: UserContext, input: AddCardInput): Promise<PaymentMethodRow> {
  const now = ctx.now();
  const number = input.number.replace(/[\s-]/g, "");
  // Well-formed (the schema's pattern) but not a card a network would take: declined as a charge is,
  // 402 with Stripe's card_error codes, not refused as a malformed request.
  if (!/^\d{12,19}$/.test(number)) throw invalidField("number", "not a valid card number");
  if (!luhnValid(number)) throw declined("number", "incorrect_number", "The card number is incorrect.");
  if (isExpired(input.exp_month, input.exp_year, now))
    throw declined("exp_year", "expired_card", "The card has expired.");
  const gateway = paymentGateway(ctx);
  const token = await gateway.tokenizeCard({
    number,
    expMonth: input.exp_month,
    expYear: input.exp_year,
    cvc: input.cvc,
  });
  if (!token.ok && token.declineCode)
    throw declined("number", token.declineCode, `The card was declined: ${token.reason}.`);
  if (!token.ok) throw invalidField("number", token.reason);
  const account = await actingAccountRef(ctx);
  const row: PaymentMethodInsert = {
    id: newId("pm", now),
    accountId: account.id,
    brand: token.brand,
    lastFour: token.lastFour,
    expMonth: input.exp_month,
    expYear: input.exp_year,
    gateway: gateway.name,
    gatewayToken: token.token,
    createdAt: iso(now),
  };
  return storeCard(ctx, row, input.set_default ?? false);
}

/**
 * Saves a card with its audit entry in one commit. It becomes the default if asked or if it is the
 * account's first, never with `"never"` (a method not yet proven by a charge).
 */
async function storeCard(
  ctx: UserContext,
  row: PaymentMethodInsert,
  makeDefault: boolean | "never",
): Promise<PaymentMethodRow> {
  const isDefault =
    makeDefault === "never" ? false : makeDefault || !(await findDefaultPaymentMethod(ctx.db, row.accountId));
  await ctx.commit([...insertPaymentMethodStatements(ctx.db, row, isDefault), ...auditAdded(ctx, row)]);
  return { ...row, isDefault };
}

/** The payment methods of the caller's acting account. */
export async function ownPaymentMethods(ctx: UserContext): Promise<PaymentMethodRow[]> {
  return listPaymentMethods(ctx.db, (await actingAccountRef(ctx)).id);
}

/** Another account's payment method is indistinguishable from a missing one (404). */
async function ownPaymentMethod(ctx: UserContext, id: string): Promise<PaymentMethodRow> {
  const pm = await findOwnPaymentMethod(ctx.db, (await actingAccountRef(ctx)).id, id);
  if (!pm)
    throw new AppError("RESOURCE_NOT_FOUND", {
      message: "Payment method not found.",
      details: { field: "payment_method_id", resource: "payment_method" },
    });
  return pm;
}

/** An organization's audit entry for a change to one of its cards (none for personal accounts). */
function auditCardChange(
  ctx: UserContext,
  action: "billing.payment_method_removed" | "billing.payment_method_default_changed",
  pm: PaymentMethodRow,
) {
  return auditInBatch(ctx, {
    organizationId: ctx.principal.organization?.id,
    entry: {
      action,
      targetType: "payment_method",
      targetId: pm.id,
      after: { payment_method_id: pm.id, brand: pm.brand, last_four: pm.lastFour },
    },
  });
}

/**
 * Removes a saved card (Stripe's detach). Removing the default makes the newest remaining card
 * the default; with none left, a paid plan's next renewal fails into dunning like a declined card.
 */
export async function removePaymentMethod(ctx: UserContext, input: { id: string }): Promise<void> {
  const pm = await ownPaymentMethod(ctx, input.id);
  await ctx.commit([
    ...deletePaymentMethodStatements(ctx.db, pm.accountId, pm.id),
    ...auditCardChange(ctx, "billing.payment_method_removed", pm),
  ]);
}

/**
 * Makes a saved card the one renewals and default purchases charge; on a past_due account the
 * pending attempt then runs at once with it.
 */
export async function setDefaultPaymentMethod(ctx: UserContext, input: { id: string }): Promise<PaymentMethodRow> {
  const pm = await ownPaymentMethod(ctx, input.id);
  if (!pm.isDefault)
    await ctx.commit([
      makeDefaultPaymentMethodStatement(ctx.db, pm.accountId, pm.id),
      ...auditCardChange(ctx, "billing.payment_method_default_changed", pm),
    ]);
  await settleIfPastDue(ctx);
  return { ...pm, isDefault: true };
}

/** Our own payment method ids; anything else starting `pm_` is a processor's id (e.g. `pm_card_visa`). */
const OWN_ID = /^pm_\d+$/;

/** A payment method to charge; `pendingDefault`: saved just now, to become the default once proven. */
export type ResolvedPaymentMethod = PaymentMethodRow & { pendingDefault?: true };

/**
 * The payment method a charge should use: one of the account's saved methods,
 * or a processor payment method id (the test gateway's `pm_card_…` ids, or a
 * Stripe PaymentMethod), attached to the account and saved on first use so
 * renewals can charge it. A new one becomes the default when the account has none
 * (or when `makeDefault`), but only through `adoptIfPending` after its first charge
 * succeeded (or when nothing is charged): a card the issuer declines never becomes
 * the one renewals charge. An unknown id is a 404, like another account's.
 * Saving it is audited for an organization, like POST /v1/billing/payment-methods.
 */
export async function resolvePaymentMethod(
  ctx: UserContext,
  input: { gateway: PaymentGateway; accountId: string; id: string; makeDefault?: boolean },
): Promise<ResolvedPaymentMethod> {
  const { gateway, accountId, id, makeDefault = false } = input;
  const d1 = ctx.db;
  const now = ctx.now();
  const notFound = () =>
    new AppError("RESOURCE_NOT_FOUND", {
      message: "Payment method not found.",
      details: { field: "payment_method_id", resource: "payment_method" },
    });
  if (OWN_ID.test(id)) {
    const pm = await findOwnPaymentMethod(d1, accountId, id);
    if (!pm) throw notFound();
    return pm;
  }
  if (!id.startsWith("pm_")) throw notFound();
  const attached = await gateway.attachPaymentMethod(id, accountId);
  if (!attached.ok) throw notFound();
  const existing = await findPaymentMethodByToken(d1, accountId, gateway.name, attached.token);
  if (existing) return existing;
  const row: PaymentMethodInsert = {
    id: newId("pm", now),
    accountId,
    brand: attached.brand,
    lastFour: attached.lastFour,
    expMonth: attached.expMonth,
    expYear: attached.expYear,
    gateway: gateway.name,
    gatewayToken: attached.token,
    createdAt: iso(now),
  };
  const becomesDefault = makeDefault || !(await findDefaultPaymentMethod(d1, accountId));
  const saved = await storeCard(ctx, row, "never");
  return becomesDefault ? { ...saved, pendingDefault: true } : saved;
}

/** Makes a method `resolvePaymentMethod` saved the default, once its first charge succeeded or none was due. */
export async function adoptIfPending(ctx: Context, pm: ResolvedPaymentMethod | null | undefined): Promise<void> {
  if (pm?.pendingDefault) await ctx.commit([makeDefaultPaymentMethodStatement(ctx.db, pm.accountId, pm.id)]);
}
