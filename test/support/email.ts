import { env } from "cloudflare:workers";
import { listMailboxMessages } from "../../src/db/mail-outbox";
import type { RegisterInput } from "../../src/domain/identity/accounts";
import { registerUser, type TestUser } from "./factories";
import { api } from "./http";

/**
 * The newest verification token mailed to the user, read from the message the development mail
 * adapter really sent (the mail outbox delivers it before the request answers) to the user's
 * address: its mailbox, `dev-mail-to:<SHA-256 of the address>:…` (src/db/mail-outbox.ts).
 */
export async function mailedVerificationToken(user: { id: string }): Promise<string> {
  const row = await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(user.id).first<{ email: string }>();
  if (!row) throw new Error(`no user ${user.id}`);
  for (const m of await listMailboxMessages(env.KV, row.email, 50)) {
    const token = /"token": "(sev_[A-Za-z0-9_-]+)"/.exec(m.text)?.[1];
    if (m.type === "email.verification" && token) return token;
  }
  throw new Error(`no verification mail for ${user.id}`);
}

/** Verify the user's email as its holder does: the mailed token, through POST /v1/auth/email/verify. */
export async function verifyEmail(user: { id: string }): Promise<void> {
  const res = await api("POST", "/v1/auth/email/verify", { body: { token: await mailedVerificationToken(user) } });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${res.text}`);
}

/** A new signed-in user whose email is verified (registerUser's default; the name says it where it matters). */
export async function registerVerifiedUser(overrides: Partial<RegisterInput> = {}): Promise<TestUser> {
  return registerUser(overrides);
}

/** Verify the user's email unless it already is (an invitation is accepted by a verified holder only). */
export async function ensureVerified(user: { id: string }): Promise<void> {
  const row = await env.DB.prepare("SELECT email_verified_at FROM users WHERE id = ?")
    .bind(user.id)
    .first<{ email_verified_at: string | null }>();
  if (row?.email_verified_at == null) await verifyEmail(user);
}
