import { emailClaimStatements, organizationClaimStatements } from "../../db/free-credits";
import type { Statement } from "../../db/store";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import type { Context } from "../context";
import { TIER_PLANS } from "./catalogue";

/**
 * Free credits (issue 27, docs/decisions.md "Free credits"): granted once per verified email
 * address, when its holder proves it, never at registration; the same small amount whatever tier
 * the person chose (a self-chosen enterprise tier is not a reason to mint 10,000 credits), namely
 * the free plan's included credits. A verified owner's first organization gets as much once;
 * a later organization, or one deleted and created again, starts at 0.
 */
export const FREE_CREDITS = TIER_PLANS.basic.includedCredits;

/** Domains whose mailboxes ignore dots in the local part (one Gmail mailbox, many spellings). */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address reaches, as far as it can be known without asking its provider: lower
 * case, without a `+tag` (subaddressing, RFC 5233, which most providers deliver to the same
 * mailbox), and for Gmail without dots. So one mailbox's spellings claim once.
 */
export function normalizedMailbox(email: string): string {
  const at = email.lastIndexOf("@");
  const domainPart = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  let local = email.slice(0, at).trim().toLowerCase();
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domainPart];
  if (dotless) return `${local.replaceAll(".", "")}@${dotless}`;
  return `${local}@${domainPart}`;
}

/** The claim's key: SHA-256 of the normalised mailbox (the address itself is not kept). */
export const emailClaimKey = (email: string): Promise<string> => sha256Hex(`free-credits:${normalizedMailbox(email)}`);

/**
 * Statements for the verification batch (sec-identity's onEmailVerified hook): the address's
 * claim and its grant to the user's own billing account, conditional on this batch having verified
 * it. Nothing when the address (or this account, with another address) claimed before.
 */
export async function emailVerifiedGrant(
  ctx: Context,
  v: { userId: string; email: string; accountId: string; at: string },
): Promise<Statement[]> {
  const emailHash = await emailClaimKey(v.email);
  return emailClaimStatements(ctx.db, {
    emailHash,
    userId: v.userId,
    at: v.at,
    credits: FREE_CREDITS,
    grant: {
      ledgerId: newId("led", Date.parse(v.at)),
      accountId: v.accountId,
      reason: "signup_grant",
      referenceId: `free:${emailHash}`,
      description: "Free credits for a verified email address",
      at: v.at,
    },
  });
}

/**
 * Statements for an organization's creation batch, after its billing account's insert: the
 * creator's claim pays for this organization's free credits if it has paid for none before.
 */
export function organizationGrant(
  ctx: Context,
  o: { userId: string; organizationId: string; accountId: string; at: string },
): Statement[] {
  return organizationClaimStatements(ctx.db, {
    userId: o.userId,
    organizationId: o.organizationId,
    at: o.at,
    credits: FREE_CREDITS,
    grant: {
      ledgerId: newId("led", Date.parse(o.at)),
      accountId: o.accountId,
      reason: "signup_grant",
      referenceId: o.accountId,
      description: "Free credits of the owner's first organization",
      at: o.at,
    },
  });
}
