import { hasSecondFactor } from "../../db/mfa";
import { AppError } from "../../errors";
import type { UserContext } from "../context";
import { requireFreshCheck } from "./mfa/recent-check";
import type { Principal } from "./principal";

/**
 * The one rule for operations that change how an account is secured or reached (docs/security.md
 * "The account holder"): adding, confirming, renaming or removing a second factor, regenerating
 * recovery codes, changing the password or the email, ending sign-ins, creating or replacing API
 * keys and OAuth clients, deleting the account; and an organization's identity connections' secrets
 * (creating, rotating and revoking a SCIM connection's token; creating, changing and deleting a SAML,
 * OIDC or LDAP connection), whose holder is the signed-in owner or admin (the organization's role
 * check follows in the domain function). Only the holder's own first-party sign-in does them
 * (a password, passkey or SSO sign-in's token, or the console's cookie carrying one), never an API
 * key, a third-party OAuth or MCP token or a client-credentials token; and where the account has a
 * second factor, only within STEP_UP_WINDOW_MS of a check on that sign-in.
 *
 * An AccountHolder is the proof that the rule held for this request: its constructor is private,
 * so the only way to get one is `prove`, which the route layer runs for operations marked
 * `accountSecurity` (src/routes/route.ts, `x-account-security` in the served document). Domain
 * functions of the class take a HolderContext, so they cannot be called without it
 * (docs/decisions.md "One rule for the account's own security").
 */
export class AccountHolder {
  private constructor(
    readonly userId: string,
    /** The sign-in session (refresh family) the proof was made in. */
    readonly sid: string,
  ) {}

  static async prove(ctx: UserContext): Promise<AccountHolder> {
    const { userId } = ctx.principal;
    const sid = firstPartySignIn(ctx.principal);
    if (await hasSecondFactor(ctx.db, userId)) await requireFreshCheck(ctx, { userId, sid });
    return new AccountHolder(userId, sid);
  }
}

/**
 * The sign-in session of a first-party sign-in, or 403 sign_in_required. A login token is the only
 * credential issued to the person at a first-party sign-in (authenticate.ts: its client_id is ours);
 * an API key is a program's, and an OAuth client's token, whatever its grant or audience (MCP
 * included), is the client's. Also what lists the person's sign-ins (sign-ins.ts).
 */
export function firstPartySignIn(principal: Principal): string {
  const { kind, sid } = principal.credential;
  if (kind === "login_token" && sid) return sid;
  throw new AppError("INSUFFICIENT_PERMISSIONS", {
    message:
      "Only the account's holder, signed in, may do this: not an API key or an OAuth client's token (MCP and client credentials included).",
    details: { reason: "sign_in_required" },
  });
}

/** A request's context once AccountHolder.prove held for it. */
export interface HolderContext extends UserContext {
  readonly holder: AccountHolder;
}
