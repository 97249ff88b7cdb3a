import {
  dueErasures,
  type ErasureRow,
  erasedSessionContentStatements,
  erasureDoneStatement,
  erasureFailedStatement,
  findErasure,
  gatewayTokensOf,
  openPersonalSessions,
} from "../../db/account-deletion";
import { iso } from "../../lib/clock";
import type { Context } from "../context";
import { accountPrefix } from "../sessions/archive";
import { roomOf } from "../sessions/room";
import { startRoomIfWaiting } from "../sessions/scheduler";

/**
 * What an account's deletion owes after its batch (docs/storage.md "Account deletion"), recorded in
 * account_erasures by that batch: done in the request, then retried by the cron (sweepErasures)
 * with backoff until it all succeeds, so a processor outage never blocks or undoes a deletion.
 *
 * 1. Each personal session still pending or processing is cancelled by its room (the one writer of
 *    its state), which refunds per the ledger rules to the account's balance (idempotent: a room
 *    cancels once) and closes the session's sockets.
 * 2. The content of the ended personal sessions (also those just cancelled, or ended by their room
 *    meanwhile) is erased; the rows stay for the ledger. Then every archive object under the personal
 *    account's prefix is deleted (after the rows stopped pointing at them, so no read finds a row
 *    whose object is gone; by prefix, so an object a move wrote as the erasure ran goes too).
 * 3. The payment processor's customer is deleted with its cards (PaymentGateway.forgetCustomer).
 */
const backoffMs = (attempt: number) => Math.min(60, 2 ** Math.max(0, attempt - 1)) * 60_000;

export async function finishErasure(ctx: Context, input: { userId: string }): Promise<boolean> {
  const row = await findErasure(ctx.db, input.userId);
  if (!row) return true;
  return runErasure(ctx, row);
}

/** The cron's share (src/maintenance.ts): every due erasure, oldest first. Returns how many finished. */
export async function sweepErasures(ctx: Context, limit = 20): Promise<number> {
  let done = 0;
  for (const row of await dueErasures(ctx.db, iso(ctx.now()), limit)) if (await runErasure(ctx, row)) done++;
  return done;
}

async function runErasure(ctx: Context, row: ErasureRow): Promise<boolean> {
  const now = ctx.now();
  const problems: string[] = [];
  for (const session of await openPersonalSessions(ctx.db, row.userId)) {
    try {
      // A pending session may still wait in its scheduler: its room starts now and cancels.
      await startRoomIfWaiting(ctx, session);
      const outcome = await roomOf(ctx, session.id).cancel();
      // Not cancellable means it ended meanwhile (its room finished it): its content goes below.
      if (!outcome.ok && (outcome.status === "pending" || outcome.status === "processing"))
        problems.push(`session ${session.id} not cancelled (${outcome.status})`);
    } catch (err) {
      problems.push(`session ${session.id}: ${String(err)}`);
    }
  }
  await ctx.commit(erasedSessionContentStatements(ctx.db, { userId: row.userId, at: iso(now) }));
  try {
    await ctx.ports.archive.deleteUnder(accountPrefix(row.accountId));
  } catch (err) {
    problems.push(`archive objects: ${String(err)}`);
  }
  const payments = ctx.ports.payments;
  if ("gateway" in payments) {
    const tokens = await gatewayTokensOf(ctx.db, row.accountId, payments.gateway.name);
    if (tokens.length > 0) {
      const forgotten = await payments.gateway
        .forgetCustomer({ accountId: row.accountId, tokens })
        .catch((err: unknown) => ({ ok: false as const, reason: String(err) }));
      if (!forgotten.ok) problems.push(`payment customer: ${forgotten.reason}`);
    }
  } else if ((await gatewayTokensOf(ctx.db, row.accountId, null)).length > 0) {
    // Cards saved with a processor this deployment cannot reach now: retried once it is configured.
    problems.push(`payment gateway unavailable: ${payments.unavailable}`);
  }
  if (problems.length === 0) {
    await ctx.commit([erasureDoneStatement(ctx.db, row.userId, iso(ctx.now()))]);
    return true;
  }
  const message = problems.join("; ");
  console.error(JSON.stringify({ msg: "account erasure incomplete", user_id: row.userId, error: message }));
  await ctx.commit([erasureFailedStatement(ctx.db, row.userId, message, iso(now + backoffMs(row.attempts + 1)))]);
  return false;
}
