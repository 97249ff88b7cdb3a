/**
 * The development mail outbox in KV: `dev-mail:<organization id>:<message id>` for an organization's
 * mail and `dev-mail:<user id>:<message id>` for a user's account mail (message ids sort by time),
 * kept 7 days. Development and test only.
 */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

const TTL_SECONDS = 7 * 24 * 3600;
const prefix = (ownerId: string) => `dev-mail:${ownerId}:`;

export async function putOutboxMessage(kv: KVNamespace, ownerId: string, message: OutboxMessage): Promise<void> {
  await kv.put(`${prefix(ownerId)}${message.id}`, JSON.stringify(message), { expirationTtl: TTL_SECONDS });
}

/** The newest `limit` messages of the organization, newest first. */
export async function listOutboxMessages(kv: KVNamespace, ownerId: string, limit: number): Promise<OutboxMessage[]> {
  const { keys } = await kv.list({ prefix: prefix(ownerId), limit: 1000 });
  const newest = keys
    .map((k) => k.name)
    .sort()
    .reverse()
    .slice(0, limit);
  const values = await Promise.all(newest.map((name) => kv.get<OutboxMessage>(name, "json")));
  return values.filter((v): v is OutboxMessage => v !== null);
}
