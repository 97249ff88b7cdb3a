import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { listMailboxMessages, type OutboxMessage } from "../../src/db/mail-outbox";
import { sweepMail } from "../../src/domain/mail/outbox";
import { testContext } from "./context";

/**
 * The newest message of `type` in `email`'s development mailbox. Mail is sent after the response
 * (waitUntil), so this also runs the cron's sweep and waits until the message has arrived.
 */
export async function mailTo(email: string, type: string, after?: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        await sweepMail(testContext());
        const messages = await listMailboxMessages(env.KV, email, 50);
        found = messages.find((m) => m.type === type && (!after || m.id > after));
        return found !== undefined;
      },
      { timeout: 5_000, interval: 50 },
    )
    .toBe(true);
  return found!;
}

/** All messages in `email`'s development mailbox after a sweep, newest first. */
export async function mailbox(email: string): Promise<OutboxMessage[]> {
  await sweepMail(testContext());
  return listMailboxMessages(env.KV, email.toLowerCase(), 50);
}

/** The value of `param` in the first console link of a message. */
export function linkParam(message: OutboxMessage, param: string): string {
  const url = /https?:\/\/\S+/.exec(message.text)?.[0];
  if (!url) throw new Error(`no link in ${message.text}`);
  const value = new URL(url).searchParams.get(param);
  if (!value) throw new Error(`no ${param} in ${url}`);
  return value;
}
