import { markSentStatements, unsentBefore } from "../../db/outbox";
import { iso } from "../../lib/clock";
import type { Context } from "../context";
import type { EventMessage } from "./events";

/** Events older than this and still unsent are re-sent by the sweeper (a request may still be sending younger ones). */
const OUTBOX_GRACE_MS = 30_000;
const SWEEP_BATCH = 100;

/**
 * Send outboxed events to the webhook queue and mark them sent. A failure is
 * logged, not thrown: the change they announce is already committed, and the
 * sweeper sends them later. Sending twice is harmless: event ids are
 * deterministic and deliveries are at-least-once (receivers dedupe on webhook-id).
 */
export async function publish(ctx: Context, messages: EventMessage[]): Promise<boolean> {
  if (messages.length === 0) return true;
  try {
    await ctx.ports.webhookQueue.send(messages);
    await ctx.commit(
      markSentStatements(
        ctx.db,
        messages.map((m) => m.event_id),
        iso(ctx.now()),
      ),
    );
    return true;
  } catch (err) {
    console.error(
      JSON.stringify({
        msg: "outboxed events not sent; the sweeper will retry",
        event_ids: messages.map((m) => m.event_id),
        error: String(err),
      }),
    );
    return false;
  }
}

/** The cron sweeper: re-send what requests could not (every minute, wrangler.toml [triggers]). */
export async function sweepOutbox(ctx: Context): Promise<number> {
  const pending = await unsentBefore(ctx.db, iso(ctx.now() - OUTBOX_GRACE_MS), SWEEP_BATCH);
  return (await publish(ctx, pending)) ? pending.length : 0;
}
