import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Outgoing mail, committed in the same D1 batch as the change that justifies it and sent
 * afterwards through the Mailer port (src/domain/mail/outbox.ts); the cron retries what a request
 * could not send. Once sent or given up, `recipient` and the bodies (one-time links) are erased and
 * the row remains the delivery record: type, recipient hash, time, result.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    recipient: text("recipient"),
    /** SHA-256 of the lower-cased address: support finds a person's mail without keeping the address. */
    recipientHash: text("recipient_hash").notNull(),
    subject: text("subject"),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    organizationId: text("organization_id"),
    /** The lowest organization role that may read it in the development outbox (owner invitations: owner). */
    readableBy: text("readable_by"),
    createdAt: text("created_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    /** A sender holds the row until then; another waits (no double send while one is under way). */
    claimedUntil: text("claimed_until"),
    sentAt: text("sent_at"),
    /** pending | sent | failed (given up after MAIL_MAX_ATTEMPTS). */
    result: text("result", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    providerMessageId: text("provider_message_id"),
    lastError: text("last_error"),
  },
  (t) => [
    index("mail_outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.result} = 'pending'`),
    index("mail_outbox_recipient_idx").on(t.recipientHash, t.createdAt),
  ],
);

/**
 * Single-use links mailed to a person: `password_reset` (30 minutes), `email_change` (60 minutes). Only the SHA-256 of the
 * 256-bit token is stored; `used_at` makes it single use, and a new link ends the older unused ones.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: ["password_reset", "email_change"] }).notNull(),
    userId: text("user_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** An `email_change` link's address: the one it confirms (60 minutes; the change waits for it). */
    newEmail: text("new_email"),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose, t.createdAt)],
);
