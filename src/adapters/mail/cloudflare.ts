import { type Mailer, MailSendError } from "./port";

/**
 * The part of Cloudflare Email Service's `send_email` binding this adapter uses: the structured
 * `send()` (developers.cloudflare.com/email-service/api/send-emails/workers-api/). It resolves with
 * the provider's message id and rejects when the service refuses the message.
 */
export interface SendEmailBinding {
  send(message: {
    from: string | { email: string; name?: string };
    to: string;
    subject: string;
    text: string;
    html: string;
    headers?: Record<string, string>;
  }): Promise<{ messageId?: string } | undefined | undefined>;
}

/** A plain address: no display name, spaces or line breaks (header injection). */
const ADDRESS = /^[^\s@<>"',;]{1,64}@[^\s@<>"',;]{1,253}\.[^\s@<>"',;]{2,63}$/;
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").trim();

/**
 * Errors the service raises for a message that can never be sent (a recipient or sender it
 * refuses); anything else (timeouts, internal errors, limits) is worth retrying.
 */
const PERMANENT = /invalid|not allowed|not verified|unverified|forbidden|malformed|suppress|blocked/i;

export function cloudflareEmailMailer(binding: SendEmailBinding, from: { email: string; name?: string }): Mailer {
  if (!ADDRESS.test(from.email)) throw new MailSendError(`MAIL_FROM is not a plain address: ${from.email}`, true);
  const sender = from.name && oneLine(from.name) ? { email: from.email, name: oneLine(from.name) } : from.email;
  return {
    name: "cloudflare",
    async send(message) {
      if (!ADDRESS.test(message.to)) throw new MailSendError("the recipient is not a plain address", true);
      let result: { messageId?: string } | undefined | undefined;
      try {
        result = await binding.send({
          from: sender,
          to: message.to,
          subject: oneLine(message.subject),
          text: message.text,
          html: message.html,
          // Correlates a provider-side record with our outbox row (RFC 5322 §3.6.4 leaves X- headers free).
          headers: { "X-Outbox-Id": message.id },
        });
      } catch (err) {
        const text = err instanceof Error ? err.message : String(err);
        throw new MailSendError(`Email Service refused the message: ${text.slice(0, 300)}`, PERMANENT.test(text));
      }
      return { messageId: (result && typeof result === "object" && result.messageId) || message.id };
    },
  };
}
