import { cloudflareEmailMailer, type SendEmailBinding } from "./cloudflare";
import { developmentMailer } from "./development";
import type { Mailer } from "./port";

export type { Mailer } from "./port";

/** The variables and bindings mail is sent with (src/bindings.ts documents each). */
export interface MailEnv {
  ENVIRONMENT: string;
  KV: KVNamespace;
  MAIL_ADAPTER?: string;
  MAIL_FROM?: string;
  MAIL_FROM_NAME?: string;
  EMAIL?: SendEmailBinding;
}

/**
 * The Mailer configuration chooses (MAIL_ADAPTER): "cloudflare" = Cloudflare Email Service through
 * the `EMAIL` send_email binding; "development" (the default outside production) = the KV outbox.
 * Null when mail cannot be sent: production with the development adapter, or "cloudflare" without
 * the binding or a sender. Mail-dependent flows then refuse with 503 (requireMailer) before
 * changing anything; mail is never dropped in silence.
 */
export function mailerFor(env: MailEnv): Mailer | null {
  const adapter = env.MAIL_ADAPTER ?? (env.ENVIRONMENT === "production" ? "cloudflare" : "development");
  if (adapter === "cloudflare") {
    if (!env.EMAIL || !env.MAIL_FROM) return null;
    // MAIL_FROM is `name@domain` or `Name <name@domain>` (src/bindings.ts).
    const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(env.MAIL_FROM);
    const from = named
      ? { email: named[2]!, name: named[1] || env.MAIL_FROM_NAME }
      : { email: env.MAIL_FROM.trim(), name: env.MAIL_FROM_NAME };
    try {
      return cloudflareEmailMailer(env.EMAIL, from);
    } catch {
      return null;
    }
  }
  if (adapter === "development" && env.ENVIRONMENT !== "production") return developmentMailer(env.KV);
  return null;
}
