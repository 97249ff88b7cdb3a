import { claimMailWrite, dueMailIds, insertMailStatement, mailFailedStatement, mailSentStatement } from "../../db/mail";
import { recipientHashOf } from "../../db/mail-outbox";
import type { Statement } from "../../db/store";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context } from "../context";
import { commitWrite } from "../unit-of-work";
import { isPermanentMailFailure, type Mailer } from "./ports";
import { type MailTemplate, renderMail } from "./templates";

/** Attempts before a message is given up (about 4 hours of backoff). */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a sender holds a claimed row: longer than one send may take. */
const CLAIM_MS = 60_000;
/** Backoff after the n-th failed attempt: 1, 2, 4, … minutes, at most an hour. */
const backoffMs = (attempt: number) => Math.min(60, 2 ** (attempt - 1)) * 60_000;

/**
 * The configured Mailer (ctx.ports.mailer), or 503 MAIL_SERVICE_UNAVAILABLE (like
 * PAYMENT_PROVIDER_UNAVAILABLE for charges): a flow that must mail refuses before changing anything.
 */
export function requireMailer(ctx: Context): Mailer {
  const mailer = ctx.ports.mailer;
  if (!mailer) throw new AppError("MAIL_SERVICE_UNAVAILABLE");
  return mailer;
}

export interface QueuedMail {
  id: string;
  statement: Statement;
}

/**
 * A message to commit with the change that justifies it: put `statement` in that change's batch,
 * then `deliverSoon` its id after the batch. Refuses with 503 MAIL_SERVICE_UNAVAILABLE when no
 * adapter can send (before the caller changes anything).
 */
export async function queueMail(
  ctx: Context,
  input: {
    to: string;
    template: MailTemplate;
    organizationId?: string | null;
    readableBy?: "admin" | "owner";
    onlyIfChanged?: boolean;
  },
): Promise<QueuedMail> {
  requireMailer(ctx);
  const now = ctx.now();
  const rendered = renderMail(input.template, ctx.config.consoleOrigin);
  const id = newId("mail", now);
  const to = input.to.trim().toLowerCase();
  const statement = insertMailStatement(
    ctx.db,
    {
      id,
      type: input.template.type,
      recipient: to,
      recipientHash: await recipientHashOf(to),
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      organizationId: input.organizationId ?? null,
      readableBy: input.readableBy ?? null,
      createdAt: iso(now),
    },
    { onlyIfChanged: input.onlyIfChanged },
  );
  return { id, statement };
}

/**
 * Sends the given outbox rows now. Each is claimed first (one sender at a time: a request's
 * waitUntil and the cron never both send it); a failure is retried with backoff by the cron
 * (sweepMail) and given up after MAIL_MAX_ATTEMPTS or a permanent refusal. Returns how many sent.
 * `mailer` sends instead of the configured one (tests give one that fails or refuses).
 */
export async function deliverMail(ctx: Context, input: { ids: string[]; mailer?: Mailer | null }): Promise<number> {
  const { ids } = input;
  const now = ctx.now();
  const sender = input.mailer ?? ctx.ports.mailer;
  if (!sender) return 0; // production without the binding: rows wait for the configuration (and the 503s stop new ones)
  let sent = 0;
  for (const id of ids) {
    const row = await commitWrite(ctx, claimMailWrite(ctx.db, id, iso(now), iso(now + CLAIM_MS)));
    if (!row?.recipient || row.subject === null || row.textBody === null || row.htmlBody === null) continue;
    try {
      const { messageId } = await sender.send({
        id: row.id,
        type: row.type,
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        organizationId: row.organizationId,
        readableBy: row.readableBy,
      });
      await ctx.commit([mailSentStatement(ctx.db, row.id, iso(ctx.now()), messageId)]);
      sent++;
    } catch (err) {
      const permanent = isPermanentMailFailure(err);
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const retryAt = permanent || row.attempts >= MAIL_MAX_ATTEMPTS ? null : iso(now + backoffMs(row.attempts));
      await ctx.commit([mailFailedStatement(ctx.db, row.id, message, retryAt)]);
      console.log(JSON.stringify({ msg: "mail.send_failed", id: row.id, type: row.type, permanent, error: message }));
    }
  }
  return sent;
}

/** The cron's share (src/maintenance.ts): every due pending message, oldest first. */
export async function sweepMail(ctx: Context, input: { limit?: number } = {}): Promise<number> {
  return deliverMail(ctx, { ids: await dueMailIds(ctx.db, iso(ctx.now()), input.limit ?? 50) });
}
