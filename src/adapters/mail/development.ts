import { putMailboxMessage, putOutboxMessage } from "../../db/mail-outbox";
import { iso } from "../../lib/clock";
import type { Mailer } from "./port";

/**
 * Development and tests: logs each message as one JSON line and keeps it in the KV outbox
 * (src/db/mail-outbox.ts), per organization (read by its admins in the console) and per
 * recipient (the mailbox tests and the console's development pages read). Never chosen in
 * production (src/adapters/mail/index.ts).
 */
export function developmentMailer(kv: KVNamespace, now: () => number = Date.now): Mailer {
  return {
    name: "development",
    async send(message) {
      const stored = {
        id: message.id,
        type: message.type,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        created_at: iso(now()),
      };
      console.log(
        JSON.stringify({
          mail: { id: stored.id, type: stored.type, to: stored.to, organization_id: message.organizationId ?? null },
        }),
      );
      await Promise.all([
        putMailboxMessage(kv, stored),
        message.organizationId
          ? putOutboxMessage(kv, message.organizationId, stored, message.readableBy ?? "admin")
          : Promise.resolve(),
      ]);
      return { messageId: message.id };
    },
  };
}
