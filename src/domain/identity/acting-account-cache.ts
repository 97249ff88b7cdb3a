import type { AccountRef } from "../billing/accounts";
import type { Principal } from "./principal";

/**
 * The acting billing account's reference (id, tier, status) as requests last
 * saw it, per owner, for ACCOUNT_CACHE_TTL_MS: a busy caller costs no D1 read
 * for its account on most requests, so a read by id stays one D1 read and a
 * creation one batch. What it decides is the rate-limit windows; the money and
 * the concurrency cap are decided in SQL against the account's row as it is
 * (src/db/credits.ts, src/db/sessions.ts), so a plan change applies to the
 * next debit or cap check at once. Writes to routes that can change accounts
 * (billing, admin, organizations) read the account afresh and drop the whole
 * cache in their isolate; elsewhere a change reaches the cache within the TTL
 * — the bound of revocations and API-key lookups (docs/decisions.md, "Performance").
 */
const ACCOUNT_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const cache = new Map<string, { ref: AccountRef; until: number }>();

const ownerOf = (p: Principal) => (p.organization ? `organization:${p.organization.id}` : `user:${p.userId}`);

export function cachedAccountRef(principal: Principal, now: number): AccountRef | undefined {
  const hit = cache.get(ownerOf(principal));
  return hit && hit.until > now ? hit.ref : undefined;
}

export function rememberAccountRef(principal: Principal, ref: AccountRef, now: number): void {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(ownerOf(principal), { ref, until: now + ACCOUNT_CACHE_TTL_MS });
}

export function forgetAccountRefs(): void {
  cache.clear();
}
