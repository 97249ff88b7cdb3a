/**
 * The Mailer port (ARCHITECTURE "Round three": outside-world adapters behind an interface the
 * domain names). The domain never calls it directly: it commits a message to the mail outbox with
 * the change that justifies it, and src/domain/mail/outbox.ts hands it to a Mailer afterwards.
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
  /** Sends one message or throws MailSendError; resolves with the provider's message id. */
  send(message: OutgoingMail): Promise<{ messageId: string }>;
}

/**
 * A send that did not happen. `permanent`: the provider refused this message for good (a bad
 * address, a sender it will not accept) and retrying it cannot help.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "MailSendError";
  }
}
