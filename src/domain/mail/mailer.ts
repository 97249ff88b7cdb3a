import { mailerFor as portMailerFor } from "../../adapters/mail";
import { newId } from "../../lib/ids";
import type { Context } from "../context";
import { developmentMailer } from "./development-mailer";

/** One message to one recipient (plain text: the service sends no HTML mail). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The organization the message concerns; its admins can read the development outbox. */
  organizationId?: string;
  /**
   * The lowest organization role that may read this message in the development outbox (an
   * invitation's: an admin must not read an owner invitation's token there); admin when absent.
   */
  readableBy?: "admin" | "owner";
  /** The user the message is for (account mail: email verification); kept in that user's development outbox. */
  userId?: string;
}

/**
 * Sending mail (ARCHITECTURE "Round two": adapters behind interfaces, chosen
 * by configuration). `delivered` is false when no adapter sends mail.
 */
export interface Mailer {
  send(message: MailMessage): Promise<{ delivered: boolean }>;
}

/**
 * Direct sending, used only by email verification (src/domain/identity/email-verification.ts), which
 * keeps its user-id development outbox: outside production the development adapter below; wherever
 * the Email Service adapter is configured (src/adapters/mail, MAIL_ADAPTER = "cloudflare") it sends
 * through it. Every other flow commits its mail to the outbox (src/domain/mail/outbox.ts) and is
 * refused with 503 when no adapter can send.
 */
export function mailerFor(ctx: Context): Mailer {
  const port = portMailerFor(ctx.env);
  if (port?.name === "cloudflare") {
    return {
      async send(message) {
        try {
          await port.send({
            id: newId("mail"),
            type: "email.verification",
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: `<pre style="font-family:system-ui,sans-serif;white-space:pre-wrap">${message.text.replace(/[&<>]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[ch]!)}</pre>`,
          });
          return { delivered: true };
        } catch (err) {
          console.log(JSON.stringify({ msg: "mail.send_failed", type: "email.verification", error: String(err) }));
          return { delivered: false };
        }
      },
    };
  }
  if (ctx.config.environment === "production") return { send: async () => ({ delivered: false }) };
  return developmentMailer(ctx.kv);
}
