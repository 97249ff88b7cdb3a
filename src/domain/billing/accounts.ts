import { type AccountRow, findAccountByOwner } from "../../db/billing-accounts";
import type { Store } from "../../db/store";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context } from "../context";
import type { Principal } from "../identity/principal";
import { TIER_PLANS } from "./catalogue";
import { billingScale, periodEnd, trialEnd } from "./period";

export type { AccountRow } from "../../db/billing-accounts";

/**
 * Billing accounts (docs/decisions.md, "Billing cycle"): a user and an
 * organization each own one. Sessions, purchases, renewals and plan changes
 * debit or credit "the account that acts", never a user directly.
 */

/** What a request needs of the acting account: resolved once per request (middleware/authenticate.ts). */
export interface AccountRef {
  id: string;
  tier: AccountRow["tier"];
  status: AccountRow["status"];
}

const missing = () => new AppError("TOKEN_INVALID", { message: "The account of this credential no longer exists." });

export async function accountOfUser(d1: Store, userId: string): Promise<AccountRow> {
  const account = await findAccountByOwner(d1, "user", userId);
  if (!account) throw missing();
  return account;
}

export async function accountOfOrganization(d1: Store, orgId: string): Promise<AccountRow> {
  const account = await findAccountByOwner(d1, "organization", orgId);
  if (!account) throw new AppError("RESOURCE_NOT_FOUND", { details: { resource: "organization" } });
  return account;
}

/**
 * The account a request acts for: the organization's when the principal acts
 * for one (X-Organization-Id or an organization API key), else the user's
 * own. Read from D1 on every request, never from the token, so a plan change
 * or a dunning downgrade applies on the next request.
 */
export async function actingAccount(db: Store, principal: Principal): Promise<AccountRow> {
  if (principal.organization) return accountOfOrganization(db, principal.organization.id);
  return accountOfUser(db, principal.userId);
}

export const refOf = (a: AccountRow): AccountRef => ({ id: a.id, tier: a.tier, status: a.status });

/**
 * The acting account's reference, memoised on the principal by the
 * authenticate middleware; domain code called outside a request reads it.
 */
export async function actingAccountRef(db: Store, principal: Principal): Promise<AccountRef> {
  if (principal.account) return principal.account;
  const ref = refOf(await actingAccount(db, principal));
  principal.account = ref;
  principal.tier = ref.tier;
  return ref;
}

/**
 * A new account row for `ownerType`/`ownerId` (an empty ownerId means "a new
 * user": the user id is derived from the account's digits), its first period
 * anchored at `now`. A paid plan is never free: it starts `trialing` for
 * TRIAL_DAYS with the plan's rate limits; its included credits come with the
 * first paid fee, at the trial's end. Every account starts with no credits and
 * without the free plan's renewals: free credits come only with a verified
 * email's one claim (domain/billing/free-credits.ts).
 */
export function newAccount(
  ctx: Context,
  input: {
    ownerType: AccountRow["ownerType"];
    ownerId: string;
    tier: AccountRow["tier"];
    /** The creation time of the batch the account is created in (the owner's row has the same). */
    now: number;
  },
): AccountRow {
  const { ownerType, ownerId, tier, now } = input;
  const id = newId("acct", now);
  const scale = billingScale(ctx);
  const paid = TIER_PLANS[tier].monthlyFeeCents > 0;
  const end = paid ? trialEnd(now, scale) : periodEnd(now, scale);
  const at = iso(now);
  return {
    id,
    ownerType,
    ownerId: ownerId || `user_${id.slice(5)}`,
    tier,
    status: paid ? "trialing" : "active",
    balance: 0,
    includedBalance: 0,
    periodIncluded: 0,
    freeIncluded: false,
    currentPeriodStart: at,
    currentPeriodEnd: iso(end),
    trialEndsAt: paid ? iso(end) : null,
    pendingTier: null,
    dunningAttempts: 0,
    activeSessions: 0,
    nextActionAt: iso(end),
    createdAt: at,
    updatedAt: at,
  };
}
