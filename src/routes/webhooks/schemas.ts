import { z } from "@hono/zod-openapi";
import { EVENT_TYPES } from "../../domain/webhooks/events";
import { MAX_RAW_SECRET_LENGTH, SECRET_PATTERN } from "../../domain/webhooks/secrets";
import { DateTimeInput, limitParam, Offset, PaginationSchema } from "../../http/schemas";
import { IP_LITERAL, IPV4_ADDRESS } from "../../lib/uri-grammar";

const Timestamp = z.string().openapi({ format: "date-time" });

export const WebhookIdParam = z.object({
  webhook_id: z
    .string()
    .regex(/^webhook_\d+$/, "must look like webhook_<digits>")
    .openapi({ param: { name: "webhook_id", in: "path" }, example: "webhook_1763776000000123456" }),
});

const Events = z
  .array(z.enum(EVENT_TYPES))
  .min(1)
  .max(EVENT_TYPES.length * 2)
  .openapi({ example: ["session.completed", "analysis.ready"] });
/**
 * An absolute http(s) URL whose host is a domain name (its last label starting with a letter, as
 * the URL Standard's host parser needs), a dotted IPv4 address or a bracketed IPv6 literal in any
 * of RFC 3986 §3.2.2's forms (`IPv6address`: full, `::`-compressed, IPv4 in the last 32 bits), so
 * the document says what the server refuses as "not a valid absolute URL"; which hosts and schemes
 * may be delivered to is the domain's (src/lib/target-address.ts).
 */
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const TOP_LABEL = "[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const HOST = `(?:(?:${LABEL}\\.)*${TOP_LABEL}|${IPV4_ADDRESS}|${IP_LITERAL})`;
/** 0–65535 (the URL Standard's port state refuses a larger number), leading zeros allowed as it allows them. */
const PORT = "(?:[0-9]{1,4}|[0-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])";
const URL_PATTERN = new RegExp(`^https?://${HOST}(?::${PORT})?(?:[/?#][\\x21-\\x7e]*)?$`);
const Url = z.string().max(2048).regex(URL_PATTERN, "not a valid absolute URL").openapi({
  example: "https://example.com/hooks/session-analysis",
  description:
    "https only; private, loopback, link-local and metadata addresses are refused. In local development (`npm run dev`) http:// and loopback or private addresses are accepted too, so `http://localhost:PORT` receives deliveries.",
});
const Description = z.string().max(500);

export const CreateWebhookBody = z
  .object({
    url: Url,
    events: Events,
    secret: z.string().max(MAX_RAW_SECRET_LENGTH).optional().openapi({
      // The domain's rule (secretWeakness) answers with the reason; the pattern says the same for the document.
      pattern: SECRET_PATTERN,
      description:
        "Optional. `whsec_` + padded base64 of 24–64 bytes, or 32–128 printable characters (≥ 10 distinct) not starting `whsec_`. Generated when absent.",
    }),
    active: z.boolean().optional().default(true),
    description: Description.optional(),
  })
  .openapi("CreateWebhookRequest");

export const UpdateWebhookBody = z
  .object({
    url: Url.optional(),
    events: Events.optional(),
    active: z.boolean().optional(),
    description: Description.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: "send at least one of url, events, active, description",
  })
  // The refine as the document says it: at least one of the fields (JSON Schema `anyOf` of `required`).
  .openapi("UpdateWebhookRequest", {
    anyOf: ["url", "events", "active", "description"].map((field) => ({ required: [field] })),
  });

export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    active: z.boolean(),
    description: z.string(),
    created_at: Timestamp,
    last_triggered: Timestamp.nullable(),
    organization_id: z.string().nullable().openapi({
      description:
        "Set for an organization's webhook (created with X-Organization-Id): it receives the organization's events.",
    }),
    disabled_at: Timestamp.nullable().openapi({
      description:
        "When the service disabled the webhook because every attempt failed for 5 days (`active` is then false); null otherwise. Activating it again (PUT `active: true`) clears it; recover resends what it missed.",
    }),
    failing_since: Timestamp.nullable().openapi({
      description: "The first failed attempt since the last successful one; null while deliveries succeed.",
    }),
    rotation_overlap_ends_at: Timestamp.nullable().openapi({
      description:
        "After a secret rotation: until this time deliveries are signed with the previous secret too (two `v1,` signatures).",
    }),
  })
  .openapi("Webhook");

export const CreatedWebhookSchema = WebhookSchema.omit({
  last_triggered: true,
  disabled_at: true,
  failing_since: true,
  rotation_overlap_ends_at: true,
})
  .extend({ secret: z.string().openapi({ description: "Returned only here; store it to verify signatures" }) })
  .openapi("CreatedWebhook");

export const DeliveryQueuedSchema = z
  .object({ delivery_id: z.string(), event_id: z.string(), status: z.literal("pending") })
  .openapi("DeliveryQueued");

const DELIVERY_STATUSES = ["pending", "retrying", "succeeded", "failed", "dead", "skipped"] as const;

export const DeliveryLogQuery = z.object({
  limit: limitParam(),
  offset: Offset,
  status: z
    .string()
    .regex(
      new RegExp(`^(${DELIVERY_STATUSES.join("|")})(,(${DELIVERY_STATUSES.join("|")}))*$`),
      `must be one or more of ${DELIVERY_STATUSES.join(", ")}, comma-separated`,
    )
    .optional()
    .openapi({ description: "Only deliveries in these statuses (comma-separated)", example: "failed,dead" }),
  event_type: z
    .string()
    .max(64)
    .regex(/^[a-z_]+\.[a-z_]+$/, "must be an event type such as session.completed")
    .optional()
    .openapi({ description: "Only deliveries of this event type (or `webhook.test`)" }),
  since: DateTimeInput.optional().openapi({
    description: "Only deliveries created at or after this time",
  }),
  until: DateTimeInput.optional().openapi({
    description: "Only deliveries created before this time",
  }),
  cursor: z.string().max(200).optional().openapi({
    description:
      "The previous page's `pagination.next_cursor`: the page after it (with the same filters); an `offset` then skips rows after it.",
  }),
});

export const RotateSecretBody = z
  .object({
    secret: z.string().max(MAX_RAW_SECRET_LENGTH).optional().openapi({
      pattern: SECRET_PATTERN,
      description:
        "Optional, as at creation (`whsec_` + padded base64 of 24–64 bytes, or 32–128 printable characters, ≥ 10 distinct, not starting `whsec_`). Generated when absent.",
    }),
  })
  .openapi("RotateWebhookSecretRequest");

export const RotatedSecretSchema = z
  .object({
    id: z.string(),
    secret: z
      .string()
      .openapi({ description: "The new secret, returned only here; it signs every delivery from now on" }),
    rotation_overlap_ends_at: Timestamp.openapi({
      description: "Until then deliveries carry a second `v1,` signature made with the previous secret",
    }),
  })
  .openapi("RotatedWebhookSecret");

export const RecoverBody = z
  .object({
    since: DateTimeInput.openapi({
      description:
        "Resend failed, dead-lettered and skipped deliveries created at or after this time; an earlier time than 14 days ago starts 14 days ago",
    }),
  })
  .openapi("RecoverWebhookRequest");

export const RecoveredSchema = z
  .object({
    since: Timestamp.openapi({
      description: "Where the recovery started: `since`, or 14 days ago if that was earlier",
    }),
    queued: z.number().int().openapi({ description: "Deliveries queued by this call (at most 100, oldest first)" }),
    remaining: z
      .number()
      .int()
      .openapi({ description: "Deliveries still to recover since `since`: call again to queue the next ones" }),
  })
  .openapi("WebhookRecovery");

export const DeliveryLogSchema = z
  .object({
    deliveries: z.array(
      z.object({
        id: z.string().openapi({ description: "Also the `webhook-id` header the receiver saw" }),
        event_id: z.string(),
        event_type: z.string(),
        status: z.enum(DELIVERY_STATUSES),
        attempts: z.number().int(),
        last_status_code: z.number().int().nullable(),
        last_error: z.string().nullable(),
        created_at: Timestamp,
        updated_at: Timestamp,
        attempt_log: z.array(
          z.object({
            attempt: z.number().int(),
            status_code: z.number().int().nullable(),
            duration_ms: z.number().int(),
            error: z.string().nullable(),
            attempted_at: Timestamp,
          }),
        ),
      }),
    ),
    pagination: PaginationSchema.extend({
      next_cursor: z
        .string()
        .nullable()
        .openapi({ description: "Pass as `cursor` for the next page; null on the last page" }),
    }),
  })
  .openapi("WebhookDeliveryLog");
