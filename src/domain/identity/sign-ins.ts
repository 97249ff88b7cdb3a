import { revokeFamilyStatement } from "../../db/refresh-tokens";
import { rememberRevokedSessions, revokeSessionStatement } from "../../db/revocations";
import { isLiveSignInOf, liveSignInsOfUser } from "../../db/sign-ins";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import type { UserContext } from "../context";
import { cutOffGrant } from "../organizations/cut-off";
import { firstPartySignIn, type HolderContext } from "./account-holder";
import { REFRESH_TOKEN_TTL } from "./refresh-rotation";

/** A sign-in as its person sees it (GET /v1/users/me/sessions). */
export interface SignIn {
  id: string;
  created_at: string;
  last_used_at: string;
  /** "Firefox on Linux", or the OAuth client's name for a grant. */
  client: string;
  kind: "sign_in" | "oauth_grant";
  oauth_client_id: string | null;
  country: string | null;
  current: boolean;
}

/**
 * Sign-ins are listed by their person, signed in: not by an API key (a program, with no sign-in of
 * its own) nor an OAuth client. Ending them is account security (account-holder.ts).
 */
export async function listSignIns(ctx: UserContext): Promise<SignIn[]> {
  const current = firstPartySignIn(ctx.principal);
  const rows = await liveSignInsOfUser(ctx.db, ctx.principal.userId, iso(ctx.now()));
  return rows.map((r) => ({
    id: r.id,
    created_at: r.created_at,
    last_used_at: r.last_used_at,
    client: r.client_id ? (r.client_name ?? r.client_id) : (r.client ?? "Unknown client"),
    kind: r.client_id ? "oauth_grant" : "sign_in",
    oauth_client_id: r.client_id,
    country: r.country,
    current: r.id === current,
  }));
}

/**
 * Ends one sign-in: its refresh family, every access token carrying its `sid` and the live sockets
 * they opened. The `sid` revocation lasts as long as a refresh token can, so a token rotated in a
 * race with this still fails on its next use. Another user's sign-in, or an ended one, is 404.
 */
export async function endSignIn(ctx: HolderContext, input: { id: string }): Promise<void> {
  const now = ctx.now();
  if (!(await isLiveSignInOf(ctx.db, ctx.holder.userId, input.id, iso(now))))
    throw new AppError("RESOURCE_NOT_FOUND", { message: "No such sign-in.", details: { resource: "sign_in" } });
  await endFamily(ctx, input.id, now);
}

/** "Sign out everywhere else": every sign-in and OAuth grant of the person but the one calling. */
export async function endOtherSignIns(ctx: HolderContext): Promise<{ ended: number }> {
  const { userId, sid: current } = ctx.holder;
  const now = ctx.now();
  const others = (await liveSignInsOfUser(ctx.db, userId, iso(now))).filter((r) => r.id !== current);
  await Promise.all(others.map((r) => endFamily(ctx, r.id, now)));
  return { ended: others.length };
}

async function endFamily(ctx: UserContext, familyId: string, now: number) {
  await ctx.commit([
    revokeFamilyStatement(ctx.db, familyId, iso(now)),
    revokeSessionStatement(ctx.db, familyId, REFRESH_TOKEN_TTL, now),
  ]);
  rememberRevokedSessions([familyId]);
  await cutOffGrant(ctx, { sid: familyId });
}
