import { eraseAccountStatements, liveCredentialsOf, organizationsOnlyOwnedBy } from "../../db/account-deletion";
import { revokeClientTokens, revokeSession } from "../../db/revocations";
import { findUserById } from "../../db/users";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import type { UserContext } from "../context";
import { CLIENT_TOKEN_TTL } from "../identity/access-tokens";
import { forgetApiKey } from "../identity/api-keys/authenticate-key";
import { requireRecentCheck } from "../identity/mfa/factors";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../identity/passwords";
import { REFRESH_TOKEN_TTL } from "../identity/refresh-rotation";
import { requireSignedInPerson } from "../identity/sign-ins";
import { cutOffApiKey, cutOffGrant, cutOffMember } from "../organizations/cut-off";

/** The address a deleted account keeps: unique, unroutable (RFC 2606 `.invalid`), naming nobody. */
export const pseudonymOf = (userId: string) => `deleted+${userId}@deleted.invalid`;

/**
 * Deletes the caller's account (docs/decisions.md "Account deletion"). The person re-authenticates
 * with their password (and, with a second factor, a recent step-up: 403 MFA_REQUIRED); an account
 * that would leave an organization without an owner is refused (409 LAST_OWNER naming each).
 * Then, in one batch, personal data is erased and every credential revoked; after the commit each
 * access token's `sid`, each OAuth client's tokens and every live socket are cut off.
 */
export async function deleteAccount(ctx: UserContext, input: { password: string }): Promise<void> {
  const { principal } = ctx;
  requireSignedInPerson(principal);
  const now = ctx.now();
  const user = await findUserById(ctx.db, principal.userId);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || user.deletedAt || !valid) {
    throw new AppError("INVALID_CREDENTIALS", {
      message: "The password is wrong. (An account made by a sign-on sets one with 'forgot password' first.)",
      details: { field: "password" },
    });
  }
  await requireRecentCheck(ctx, principal, now);
  const orphaned = await organizationsOnlyOwnedBy(ctx.db, user.id);
  if (orphaned.length > 0) {
    throw new AppError("LAST_OWNER", {
      message: `You are the only owner of ${orphaned.map((o) => `"${o.name}"`).join(", ")}: make someone else an owner or delete the organization first.`,
      details: { reason: "account_deletion", organizations: orphaned },
    });
  }
  const at = iso(now);
  const live = await liveCredentialsOf(ctx.db, user.id, at);
  await ctx.commit(eraseAccountStatements(ctx.db, { userId: user.id, pseudonym: pseudonymOf(user.id), at }));
  // The rows are revoked; now the access tokens (by sid and client) and every open socket.
  await Promise.all([
    ...live.families.map((sid) => revokeSession(ctx.db, sid, REFRESH_TOKEN_TTL, now)),
    ...live.oauthClients.map((id) => revokeClientTokens(ctx.db, id, CLIENT_TOKEN_TTL, now)),
  ]);
  for (const key of live.apiKeys) forgetApiKey(key.id);
  await Promise.all([
    ...live.families.map((sid) => cutOffGrant(ctx, { sid })),
    ...live.apiKeys.map((key) => cutOffApiKey(ctx, key)),
    ...live.organizations.map((organizationId) => cutOffMember(ctx, { organizationId, userId: user.id })),
  ]);
}
