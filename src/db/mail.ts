import type { Statement, Write } from "./store";

/**
 * The mail outbox (table mail_outbox, drizzle/schema/mail.ts): rows written in the batch of the
 * change that justifies them, claimed by one sender at a time, then reduced to the delivery record.
 */
export interface MailRow {
  id: string;
  type: string;
  recipient: string | null;
  recipientHash: string;
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
  organizationId: string | null;
  readableBy: string | null;
  createdAt: string;
  attempts: number;
  nextAttemptAt: string;
  sentAt: string | null;
  result: "pending" | "sent" | "failed";
  lastError: string | null;
}

const COLUMNS = `id, type, recipient, recipient_hash AS recipientHash, subject, text_body AS textBody,
  html_body AS htmlBody, organization_id AS organizationId, readable_by AS readableBy, created_at AS createdAt, attempts,
  next_attempt_at AS nextAttemptAt, sent_at AS sentAt, result, last_error AS lastError`;

export function insertMailStatement(
  d1: D1Database,
  m: Pick<
    MailRow,
    | "id"
    | "type"
    | "recipient"
    | "recipientHash"
    | "subject"
    | "textBody"
    | "htmlBody"
    | "organizationId"
    | "readableBy"
    | "createdAt"
  >,
  /** Written only if the statement just before it in the batch changed a row. */
  opts: { onlyIfChanged?: boolean } = {},
): D1PreparedStatement {
  const values = "?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?10, ?9, ?9";
  const sql = opts.onlyIfChanged
    ? `INSERT INTO mail_outbox (id, type, recipient, recipient_hash, subject, text_body, html_body, organization_id, readable_by, created_at, next_attempt_at) SELECT ${values} WHERE changes() = 1`
    : `INSERT INTO mail_outbox (id, type, recipient, recipient_hash, subject, text_body, html_body, organization_id, readable_by, created_at, next_attempt_at) VALUES (${values})`;
  return d1
    .prepare(sql)
    .bind(
      m.id,
      m.type,
      m.recipient,
      m.recipientHash,
      m.subject,
      m.textBody,
      m.htmlBody,
      m.organizationId,
      m.createdAt,
      m.readableBy,
    );
}

/**
 * Takes a pending, due, unclaimed row for one sender until `claimedUntil`, counting the attempt.
 * Null when it is sent, given up, not yet due or held by another sender.
 */
export function claimMailWrite(d1: D1Database, id: string, now: string, claimedUntil: string): Write<MailRow | null> {
  const claim = d1
    .prepare(
      `UPDATE mail_outbox SET claimed_until = ?3, attempts = attempts + 1
       WHERE id = ?1 AND result = 'pending' AND next_attempt_at <= ?2 AND (claimed_until IS NULL OR claimed_until <= ?2)
       RETURNING ${COLUMNS}`,
    )
    .bind(id, now, claimedUntil);
  return { statements: [claim], read: ([result]) => (result?.results?.[0] as MailRow | undefined) ?? null };
}

/** Sent: the address and the bodies are erased, the record stays. */
export function mailSentStatement(d1: D1Database, id: string, at: string, providerMessageId: string): Statement {
  return d1
    .prepare(
      `UPDATE mail_outbox SET result = 'sent', sent_at = ?2, provider_message_id = ?3, claimed_until = NULL,
         recipient = NULL, subject = NULL, text_body = NULL, html_body = NULL, last_error = NULL
       WHERE id = ?1 AND result = 'pending'`,
    )
    .bind(id, at, providerMessageId);
}

/** A failed attempt: retried at `retryAt`, or given up (null) with the address and bodies erased. */
export function mailFailedStatement(d1: D1Database, id: string, error: string, retryAt: string | null): Statement {
  if (retryAt) {
    return d1
      .prepare(
        "UPDATE mail_outbox SET next_attempt_at = ?2, last_error = ?3, claimed_until = NULL WHERE id = ?1 AND result = 'pending'",
      )
      .bind(id, retryAt, error);
  }
  return d1
    .prepare(
      `UPDATE mail_outbox SET result = 'failed', last_error = ?2, claimed_until = NULL,
         recipient = NULL, subject = NULL, text_body = NULL, html_body = NULL
       WHERE id = ?1 AND result = 'pending'`,
    )
    .bind(id, error);
}

/** Pending rows due by `now`, oldest first (partial index mail_outbox_pending_idx). */
export async function dueMailIds(d1: D1Database, now: string, limit: number): Promise<string[]> {
  const { results } = await d1
    .prepare(
      "SELECT id FROM mail_outbox WHERE result = 'pending' AND next_attempt_at <= ?1 ORDER BY next_attempt_at LIMIT ?2",
    )
    .bind(now, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The delivery record of one message (support and tests). */
export async function mailRecord(d1: D1Database, id: string): Promise<MailRow | null> {
  return d1.prepare(`SELECT ${COLUMNS} FROM mail_outbox WHERE id = ?1`).bind(id).first<MailRow>();
}
