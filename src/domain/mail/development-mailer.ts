import { putOutboxMessage } from "../../db/mail-outbox";
import type { KeyValues } from "../../db/store";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Mailer } from "./mailer";

/** Logs each message as one JSON line and keeps it in the KV outbox (src/db/mail-outbox.ts). */
export function developmentMailer(kv: KeyValues): Mailer {
  return {
    async send(message) {
      const now = Date.now();
      const stored = {
        id: newId("mail", now),
        to: message.to,
        subject: message.subject,
        text: message.text,
        created_at: iso(now),
      };
      console.log(
        JSON.stringify({
          mail: { ...stored, organization_id: message.organizationId ?? null, user_id: message.userId ?? null },
        }),
      );
      if (message.organizationId) {
        await putOutboxMessage(kv, message.organizationId, stored, message.readableBy ?? "admin");
      }
      // Account mail is the user's own: kept under the user's id, read by tests (test/support/email.ts).
      if (message.userId) await putOutboxMessage(kv, message.userId, stored);
      return { delivered: true };
    },
  };
}
