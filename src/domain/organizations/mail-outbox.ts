import { listOutboxMessages, type OutboxMessage } from "../../db/mail-outbox";
import { AppError } from "../../errors";
import type { UserContext } from "../context";
import { membershipIn } from "./access";
import { atLeast, requireRole } from "./roles";

/** How many of the newest messages the outbox shows. */
const OUTBOX_PAGE = 20;

/**
 * The mail the development mailer kept for an organization, newest first, for its admins. Production
 * has no such outbox: the operation does not exist there (ROUTE_NOT_FOUND, as an unknown route).
 */
export async function organizationMailOutbox(
  ctx: UserContext,
  input: { organizationId: string; method: string; path: string },
): Promise<{ messages: OutboxMessage[] }> {
  if (ctx.config.environment === "production") {
    throw new AppError("ROUTE_NOT_FOUND", { details: { method: input.method, path: input.path } });
  }
  const { role } = await membershipIn(ctx, input);
  requireRole(role, "admin");
  // An admin never reads mail meant for a higher role (an owner invitation's token would make them owner).
  const canRead = (readableBy: string | undefined) => atLeast(role, readableBy === "owner" ? "owner" : "admin");
  return { messages: await listOutboxMessages(ctx.kv, input.organizationId, OUTBOX_PAGE, canRead) };
}
