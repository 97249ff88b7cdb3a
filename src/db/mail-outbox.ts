import { sha256Hex } from "../lib/crypto";

/**
 * The development mailbox in KV (src/adapters/mail/development.ts), kept 7 days; development and
 * tests only: `dev-mail:<organization id>:<message id>` for mail about an organization (its admins
 * read it) and `dev-mail-to:<recipient hash>:<message id>` for every message (tests and the
 * development console read a person's mailbox). Message ids sort by time.
 */
export interface OutboxMessage {
  id: string;
  type?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  created_at: string;
}

const TTL_SECONDS = 7 * 24 * 3600;
const prefix = (organizationId: string) => `dev-mail:${organizationId}:`;
const recipientPrefix = (recipientHash: string) => `dev-mail-to:${recipientHash}:`;

/** SHA-256 hex of the lower-cased, trimmed address: the mail record's and the mailbox's key. */
export const recipientHashOf = (email: string) => sha256Hex(email.trim().toLowerCase());

export async function putOutboxMessage(
  kv: KVNamespace,
  message: OutboxMessage,
  organizationId: string | null,
): Promise<void> {
  const value = JSON.stringify(message);
  const puts = [
    kv.put(`${recipientPrefix(await recipientHashOf(message.to))}${message.id}`, value, { expirationTtl: TTL_SECONDS }),
  ];
  if (organizationId)
    puts.push(kv.put(`${prefix(organizationId)}${message.id}`, value, { expirationTtl: TTL_SECONDS }));
  await Promise.all(puts);
}

async function newest(kv: KVNamespace, keyPrefix: string, limit: number): Promise<OutboxMessage[]> {
  const { keys } = await kv.list({ prefix: keyPrefix, limit: 1000 });
  const names = keys
    .map((k) => k.name)
    .sort()
    .reverse()
    .slice(0, limit);
  const values = await Promise.all(names.map((name) => kv.get<OutboxMessage>(name, "json")));
  return values.filter((v): v is OutboxMessage => v !== null);
}

/** The newest `limit` messages of the organization, newest first. */
export function listOutboxMessages(kv: KVNamespace, organizationId: string, limit: number): Promise<OutboxMessage[]> {
  return newest(kv, prefix(organizationId), limit);
}

/** The newest `limit` messages sent to `email`, newest first (development mailbox). */
export async function listMailboxMessages(kv: KVNamespace, email: string, limit: number): Promise<OutboxMessage[]> {
  return newest(kv, recipientPrefix(await recipientHashOf(email)), limit);
}
