import type { WebhookRow } from "../../db/webhooks";

export const webhookResource = (w: WebhookRow) => ({
  id: w.id,
  url: w.url,
  events: w.events,
  active: w.active,
  description: w.description,
  created_at: w.createdAt,
  last_triggered: w.lastTriggered,
  organization_id: w.organizationId,
  disabled_at: w.disabledAt,
  failing_since: w.failingSince,
  rotation_overlap_ends_at: w.previousSecretExpiresAt,
});
