import { sha256Hex } from "../lib/crypto";
import { KV_KEYS } from "./kv-keys";

/**
 * The development mail outbox in KV: `dev-mail:<organization id>:<message id>` for an organization's
 * mail (message ids sort by time), kept 7 days; account mail is read from the recipient's mailbox
 * below. Development and test only.
 */
export interface OutboxMessage {
  id: string;
  type?: string;
  html?: string;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

const TTL_SECONDS = 7 * 24 * 3600;
const prefix = (ownerId: string) => `${KV_KEYS.devMail}${ownerId}:`;

/** Who may read a message, as KV metadata, so a listing filters keys before reading any value. */
interface OutboxMetadata {
  readable_by?: string;
}

/** `readableBy`: the lowest organization role that may read it (organization mail only). */
export async function putOutboxMessage(
  kv: KVNamespace,
  ownerId: string,
  message: OutboxMessage,
  readableBy?: string,
): Promise<void> {
  const metadata: OutboxMetadata | undefined = readableBy ? { readable_by: readableBy } : undefined;
  await kv.put(`${prefix(ownerId)}${message.id}`, JSON.stringify(message), { expirationTtl: TTL_SECONDS, metadata });
}

/**
 * The newest `limit` messages of the organization (or user), newest first, of those whose
 * `readableBy` role (undefined: none recorded) `canRead` accepts.
 */
export async function listOutboxMessages(
  kv: KVNamespace,
  ownerId: string,
  limit: number,
  canRead: (readableBy: string | undefined) => boolean = () => true,
): Promise<OutboxMessage[]> {
  const { keys } = await kv.list<OutboxMetadata>({ prefix: prefix(ownerId), limit: 1000 });
  const newest = keys
    .filter((k) => canRead(k.metadata?.readable_by))
    .map((k) => k.name)
    .sort()
    .reverse()
    .slice(0, limit);
  const values = await Promise.all(newest.map((name) => kv.get<OutboxMessage>(name, "json")));
  return values.filter((v): v is OutboxMessage => v !== null);
}

/**
 * Every message the development mail adapter (src/adapters/mail/development.ts) sent, by recipient:
 * `dev-mail-to:<SHA-256 of the lower-cased address>:<message id>`, the mailbox tests read.
 */
const recipientPrefix = (recipientHash: string) => `${KV_KEYS.devMailTo}${recipientHash}:`;

/** SHA-256 hex of the lower-cased, trimmed address: the mail record's and the mailbox's key. */
export const recipientHashOf = (email: string) => sha256Hex(email.trim().toLowerCase());

export async function putMailboxMessage(kv: KVNamespace, message: OutboxMessage & { to: string }): Promise<void> {
  await kv.put(`${recipientPrefix(await recipientHashOf(message.to))}${message.id}`, JSON.stringify(message), {
    expirationTtl: TTL_SECONDS,
  });
}

/** The newest `limit` messages sent to `email`, newest first (development mailbox). */
export async function listMailboxMessages(kv: KVNamespace, email: string, limit: number): Promise<OutboxMessage[]> {
  const { keys } = await kv.list({ prefix: recipientPrefix(await recipientHashOf(email)), limit: 1000 });
  const names = keys
    .map((k) => k.name)
    .sort()
    .reverse()
    .slice(0, limit);
  const values = await Promise.all(names.map((name) => kv.get<OutboxMessage>(name, "json")));
  return values.filter((v): v is OutboxMessage => v !== null);
}
