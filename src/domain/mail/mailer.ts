import type { Bindings } from "../../env";
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
 * Outside production: the development adapter (logs each message and keeps it
 * in a KV outbox the organization's admins can read). Production has no mail
 * provider yet and refuses the development adapter: nothing is sent, and the
 * inviter passes on the token returned to them (docs/decisions.md).
 */
export function mailerFor(env: Pick<Bindings, "ENVIRONMENT" | "KV">): Mailer {
  if (env.ENVIRONMENT === "production") return { send: async () => ({ delivered: false }) };
  return developmentMailer(env.KV);
}
