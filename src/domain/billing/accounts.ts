import { type AccountRow, findAccountByOwner } from "../../db/billing-accounts";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context, UserContext } from "../context";
import { databaseOfId } from "../shards/accounts";
import { billingScale, periodEnd } from "./period";

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

/** An owner's account, read on the shard its owner's id names (docs/scale.md "Shards"): no placement read. */
function ownedAccount(ctx: Context, ownerType: AccountRow["ownerType"], ownerId: string) {
  const d1 = databaseOfId(ctx, ownerId);
  return d1 ? findAccountByOwner(d1, ownerType, ownerId) : Promise.resolve(undefined);
}

export async function accountOfUser(ctx: Context, input: { userId: string }): Promise<AccountRow> {
  const account = await ownedAccount(ctx, "user", input.userId);
  if (!account) throw missing();
  return account;
}

async function accountOfOrganization(ctx: Context, input: { organizationId: string }): Promise<AccountRow> {
  const account = await ownedAccount(ctx, "organization", input.organizationId);
  if (!account) throw new AppError("RESOURCE_NOT_FOUND", { details: { resource: "organization" } });
  return account;
}

/**
 * The account a request acts for: the organization's when the principal acts
 * for one (X-Organization-Id or an organization API key), else the user's
 * own. Read from D1 on every request, never from the token, so a plan change
 * or a dunning downgrade applies on the next request.
 */
export async function actingAccount(ctx: UserContext): Promise<AccountRow> {
  const { principal } = ctx;
  if (principal.organization) return accountOfOrganization(ctx, { organizationId: principal.organization.id });
  return accountOfUser(ctx, { userId: principal.userId });
}

export const refOf = (a: AccountRow): AccountRef => ({ id: a.id, tier: a.tier, status: a.status });

/**
 * The acting account's reference, memoised on the principal by the
 * authenticate middleware; domain code called outside a request reads it.
 */
export async function actingAccountRef(ctx: UserContext): Promise<AccountRef> {
  const { principal } = ctx;
  if (principal.account) return principal.account;
  const ref = refOf(await actingAccount(ctx));
  principal.account = ref;
  principal.tier = ref.tier;
  return ref;
}

/**
 * A new account row for `ownerType`/`ownerId` (an empty ownerId means "a new
 * user": the user id is derived from the account's digits), its first period
 * anchored at `now`. Every account starts on the free plan, with no credits
 * and without the free plan's renewals: free credits come only with a verified
 * email's one claim (domain/billing/free-credits.ts). A paid tier chosen at
 * registration is remembered as `trialTier`: its trial (TRIAL_DAYS with the
 * plan's rate limits, the included credits with the first paid fee) starts
 * when the email is verified, once per mailbox (domain/billing/trial.ts).
 */
export function newAccount(
  ctx: Context,
  input: {
    ownerType: AccountRow["ownerType"];
    ownerId: string;
    tier: AccountRow["tier"];
    /** The creation time of the batch the account is created in (the owner's row has the same). */
    now: number;
    /** The shard it is placed on (src/domain/shards/accounts.ts): its id carries it, and so its user's. */
    shard: number;
  },
): AccountRow {
  const { ownerType, ownerId, tier, now, shard } = input;
  const id = newId("acct", now, shard);
  const scale = billingScale(ctx);
  const end = periodEnd(now, scale);
  const at = iso(now);
  return {
    id,
    ownerType,
    ownerId: ownerId || `user_${id.slice(5)}`,
    tier: "basic",
    status: "active",
    trialTier: tier === "basic" ? null : tier,
    balance: 0,
    includedBalance: 0,
    periodIncluded: 0,
    debitIncluded: 0,
    freeIncluded: false,
    currentPeriodStart: at,
    currentPeriodEnd: iso(end),
    trialEndsAt: null,
    pendingTier: null,
    dunningAttempts: 0,
    activeSessions: 0,
    nextActionAt: iso(end),
    createdAt: at,
    updatedAt: at,
  };
}
