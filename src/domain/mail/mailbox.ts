import { listMailboxMessages, type OutboxMessage } from "../../db/mail-outbox";
import { AppError } from "../../errors";
import type { Context } from "../context";

/** How many of the newest messages a mailbox shows. */
const MAILBOX_PAGE = 20;

/**
 * What the development mail adapter sent to one address, newest first: the local stand-in for the
 * recipient's inbox (as Mailpit or `stripe listen` are for mail and webhooks), so a developer and the
 * end-to-end tests read mail over HTTP instead of opening the server's local storage. It exists only in
 * development, where the server listens on the developer's own machine; elsewhere it is an unknown
 * route (docs/decisions.md "Development mailbox").
 */
export async function developmentMailbox(
  ctx: Context,
  input: { to: string; method: string; path: string },
): Promise<{ messages: OutboxMessage[] }> {
  if (ctx.config.environment !== "development") {
    throw new AppError("ROUTE_NOT_FOUND", { details: { method: input.method, path: input.path } });
  }
  return { messages: await listMailboxMessages(ctx.kv, input.to, MAILBOX_PAGE) };
}
