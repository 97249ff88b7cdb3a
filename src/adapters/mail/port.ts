import type { MailSendFailure } from "../../domain/mail/ports";

export type { Mailer, OutgoingMail } from "../../domain/mail/ports";

/**
 * A send that did not happen (the domain's MailSendFailure, src/domain/mail/ports.ts). `permanent`:
 * the provider refused this message for good (a bad address, a sender it will not accept) and
 * retrying it cannot help.
 */
export class MailSendError extends Error implements MailSendFailure {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "MailSendError";
  }
}
