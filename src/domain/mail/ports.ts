/**
 * The Mailer port (ARCHITECTURE "Round three": outside-world adapters behind an interface the
 * domain names; src/adapters/mail implements it). The domain never sends directly: it commits a
 * message to the mail outbox with the change that justifies it, and src/domain/mail/outbox.ts
 * hands it to the Mailer afterwards (`ctx.ports.mailer`, null when no adapter can send).
 */
export interface OutgoingMail {
  /** The outbox id: adapters that can pass an idempotency reference use it. */
  id: string;
  /** The template that produced it (src/domain/mail/templates.ts), e.g. `password.reset`. */
  type: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The organization the message concerns: its admins can read the development outbox. */
  organizationId?: string | null;
  /** The lowest organization role that may read it in the development outbox (absent: admin). */
  readableBy?: string | null;
}

export interface Mailer {
  /** Which adapter: recorded on nothing, shown in errors and logs. */
  readonly name: "development" | "cloudflare";
  /**
   * Sends one message; resolves with the provider's message id. A rejection carrying
   * `permanent: true` (MailSendFailure) means the provider refused this message for good and a
   * retry cannot help; any other rejection is retried with backoff.
   */
  send(message: OutgoingMail): Promise<{ messageId: string }>;
}

/** What a rejected send may carry: `permanent` when retrying cannot help (a refused address). */
export interface MailSendFailure {
  readonly permanent: boolean;
}

export const isPermanentMailFailure = (err: unknown): boolean =>
  typeof err === "object" && err !== null && (err as Partial<MailSendFailure>).permanent === true;
