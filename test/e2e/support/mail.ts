import { type ApiResult, testClientAddress } from "./api";

/** A message the development mail adapter sent (src/db/mail-outbox.ts OutboxMessage). */
export interface MailMessage {
  id: string;
  type?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  created_at: string;
}

/**
 * A person's mailbox on a running server, newest first: what its development mail adapter sent to
 * `email`, read over HTTP from `GET /console/dev/mailbox` (src/routes/console/dev-mailbox.ts), as a
 * developer reads it. Tests never open the server's local D1 or KV from a second process: the
 * running `wrangler dev` holds those SQLite files and its own writes would meet the lock.
 */
export async function mailboxOf(baseUrl: string, email: string): Promise<MailMessage[]> {
  const res = await fetch(`${baseUrl}/console/dev/mailbox?to=${encodeURIComponent(email)}`, {
    // From an address of its own: the browsers' 127.0.0.1 keeps its rate-limit budget.
    headers: { "cf-connecting-ip": testClientAddress() },
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status !== 200) throw new Error(`mailbox of ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { messages: MailMessage[] } }).data.messages;
}

const tokenIn = (mail: MailMessage) => /"token": "(sev_[A-Za-z0-9_-]+)"/.exec(mail.text)?.[1];

/** The token of the newest verification mail sent to `email`. */
export async function mailedVerificationTokenTo(baseUrl: string, email: string): Promise<string> {
  const token = (await mailboxOf(baseUrl, email)).map(tokenIn).find((t): t is string => t !== undefined);
  if (!token) throw new Error(`no verification mail to ${email} on ${baseUrl}`);
  return token;
}

/** Verify a registered user's email as its holder does: the mailed token, through POST /v1/auth/email/verify. */
export async function verifyEmail(baseUrl: string, email: string): Promise<void> {
  const token = await mailedVerificationTokenTo(baseUrl, email);
  const res = await fetch(`${baseUrl}/v1/auth/email/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${await res.text()}`);
}

/** The same through a test's own client (its client address, its server). */
export async function verifyEmailOn(
  baseUrl: string,
  call: (method: string, path: string, token?: string, body?: unknown) => Promise<ApiResult>,
  email: string,
): Promise<void> {
  const res = await call("POST", "/v1/auth/email/verify", undefined, {
    token: await mailedVerificationTokenTo(baseUrl, email),
  });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${res.text}`);
}
