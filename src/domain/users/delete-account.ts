import {
  eraseAccountStatements,
  erasureApplied,
  liveCredentialsOf,
  organizationsOnlyOwnedBy,
} from "../../db/account-deletion";
import {
  rememberRevokedClients,
  rememberRevokedSessions,
  revokeClientStatement,
  revokeSessionStatement,
} from "../../db/revocations";
import { findUserById } from "../../db/users";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { accountOfUser } from "../billing/accounts";
import { CLIENT_TOKEN_TTL } from "../identity/access-tokens";
import type { HolderContext } from "../identity/account-holder";
import { forgetApiKey } from "../identity/api-keys/authenticate-key";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../identity/passwords";
import { REFRESH_TOKEN_TTL } from "../identity/refresh-rotation";
import { deliverMail, queueMail } from "../mail/outbox";
import { cutOffApiKey, cutOffGrant, cutOffMember } from "../organizations/cut-off";
import { finishErasure } from "./account-erasure";

/** The address a deleted account keeps: unique, unroutable (RFC 2606 `.invalid`), naming nobody. */
const pseudonymOf = (userId: string) => `deleted+${userId}@deleted.invalid`;

/**
 * Deletes the caller's account (docs/decisions.md "Account deletion"). The person re-authenticates
 * with their password (and, with a second factor, a recent step-up: 403 MFA_REQUIRED); an account
 * that would leave an organization without an owner is refused (409 LAST_OWNER naming each), both
 * before and inside the batch (its guard, db/account-deletion.ts). Then, in one batch, personal data
 * is erased, every credential revoked and the "account deleted" notice queued to the old address;
 * after the commit each access token's `sid`, each OAuth client's tokens and every live socket are
 * cut off, the notice is sent, and the erasure's remaining work runs (account-erasure.ts).
 */
export async function deleteAccount(ctx: HolderContext, input: { password: string }): Promise<void> {
  const now = ctx.now();
  const user = await findUserById(ctx.db, ctx.holder.userId);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || user.deletedAt || !valid) {
    throw new AppError("INVALID_CREDENTIALS", {
      message: "The password is wrong. (An account made by a sign-on sets one with 'forgot password' first.)",
      details: { field: "password" },
    });
  }
  const orphaned = await organizationsOnlyOwnedBy(ctx.db, user.id);
  if (orphaned.length > 0) throw lastOwner(orphaned);
  const at = iso(now);
  const account = await accountOfUser(ctx, { userId: user.id });
  const live = await liveCredentialsOf(ctx.db, user.id, at);
  // The notice goes to the address being erased: the outbox row is committed only with the erasure.
  const mail = await queueMail(ctx, { to: user.email, template: { type: "account.deleted" }, onlyIfChanged: true });
  const results = await ctx.commit(
    eraseAccountStatements(ctx.db, {
      userId: user.id,
      accountId: account.id,
      pseudonym: pseudonymOf(user.id),
      at,
      mail: mail.statement,
    }),
  );
  if (!erasureApplied(results)) {
    // The guard refused: an ownership change committed since the check made the caller a last owner.
    const nowOrphaned = await organizationsOnlyOwnedBy(ctx.db, user.id);
    if (nowOrphaned.length > 0) throw lastOwner(nowOrphaned);
    // Otherwise a concurrent request erased the account first: what it did stands.
    return;
  }
  // The rows are revoked; now the access tokens (by sid and client) and every open socket.
  await ctx.commit([
    ...live.families.map((sid) => revokeSessionStatement(ctx.db, sid, REFRESH_TOKEN_TTL, now)),
    ...live.oauthClients.map((id) => revokeClientStatement(ctx.db, id, CLIENT_TOKEN_TTL, now)),
  ]);
  rememberRevokedSessions(live.families);
  rememberRevokedClients(live.oauthClients);
  for (const key of live.apiKeys) forgetApiKey(key.id);
  await Promise.all([
    ...live.families.map((sid) => cutOffGrant(ctx, { sid })),
    ...live.apiKeys.map((key) => cutOffApiKey(ctx, key)),
    ...live.organizations.map((organizationId) => cutOffMember(ctx, { organizationId, userId: user.id })),
  ]);
  await deliverMail(ctx, { ids: [mail.id] });
  // Sessions and the processor's customer: done now when possible, else retried by the cron.
  await finishErasure(ctx, { userId: user.id });
}

const lastOwner = (orphaned: { id: string; name: string }[]) =>
  new AppError("LAST_OWNER", {
    message: `You are the only owner of ${orphaned.map((o) => `"${o.name}"`).join(", ")}: make someone else an owner or delete the organization first.`,
    details: { reason: "account_deletion", organizations: orphaned },
  });
