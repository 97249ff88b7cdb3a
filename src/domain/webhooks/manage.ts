import { rowWritten } from "../../db/changes";
import type { Statement } from "../../db/store";
import {
  deleteOwnWebhookStatement,
  findOwnWebhook,
  insertWebhookUnderCapStatement,
  listWebhooks,
  rotateOwnWebhookSecretStatement,
  updateOwnWebhookStatement,
  type WebhookRow,
} from "../../db/webhooks";
import { AppError, invalidField } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { checkHttpTarget } from "../../lib/target-address";
import type { Context, UserContext } from "../context";
import { dataEncryptionKey } from "../encryption/data-key";
import { seal } from "../encryption/secret-box";
import { actingOwner } from "../organizations/access";
import { type AuditAction, auditInBatch } from "../organizations/audit";
import { allowPrivateUrls } from "./deliveries";
import type { EventType } from "./events";
import { generateSecret, secretWeakness } from "./secrets";

/** Bounds the fan-out per event and each user's stored rows. */
const MAX_WEBHOOKS_PER_USER = 20;

/**
 * How long the secret a rotation replaces keeps signing deliveries beside the new one (Svix's
 * overlap: 24 hours), so receivers can move to the new secret without refusing a delivery.
 */
const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface CreateWebhookInput {
  url: string;
  events: EventType[];
  secret?: string | undefined;
  active?: boolean | undefined;
  description?: string | undefined;
}

function checkUrl(ctx: Context, url: string): string {
  const verdict = checkHttpTarget(url, { allowPrivate: allowPrivateUrls(ctx.config) });
  if (!verdict.ok) throw invalidField("url", verdict.reason);
  return verdict.url.href;
}

function checkSecret(secret: string | undefined): void {
  if (secret === undefined) return;
  const weakness = secretWeakness(secret);
  if (weakness) throw invalidField("secret", weakness);
}

/** Create a webhook; the secret (chosen or generated) is returned this once and stored sealed. */
export async function createWebhook(
  ctx: UserContext,
  input: CreateWebhookInput,
): Promise<{ webhook: WebhookRow; secret: string }> {
  const now = ctx.now();
  const url = checkUrl(ctx, input.url);
  checkSecret(input.secret);
  const owner = actingOwner(ctx.principal, "admin");
  if ((await listWebhooks(ctx.db, owner)).length >= MAX_WEBHOOKS_PER_USER) {
    throw new AppError("WEBHOOK_LIMIT_REACHED", { details: { max_webhooks: MAX_WEBHOOKS_PER_USER } });
  }
  const secret = input.secret ?? generateSecret();
  const id = newId("webhook", now);
  const at = iso(now);
  const webhook: WebhookRow = {
    id,
    userId: ctx.principal.userId,
    url,
    events: [...new Set(input.events)],
    secretSealed: await seal(await dataEncryptionKey(ctx.config), secret, id),
    active: input.active ?? true,
    description: input.description ?? "",
    createdAt: at,
    updatedAt: at,
    lastTriggered: null,
    organizationId: "organizationId" in owner ? owner.organizationId : null,
    previousSecretSealed: null,
    previousSecretExpiresAt: null,
    failingSince: null,
    disabledAt: null,
  };
  // The count above refuses early and cheaply; this conditional insert settles races.
  const audit = auditWebhook(ctx, { id, action: "webhook.created", after: summary(webhook) });
  const [inserted] = await ctx.commit([
    insertWebhookUnderCapStatement(ctx.db, webhook, MAX_WEBHOOKS_PER_USER),
    ...audit,
  ]);
  if (!rowWritten(inserted)) {
    throw new AppError("WEBHOOK_LIMIT_REACHED", { details: { max_webhooks: MAX_WEBHOOKS_PER_USER } });
  }
  return { webhook, secret };
}

/** The caller's webhooks, or (admins) the organization's when acting for one. */
export function ownWebhooks(ctx: UserContext): Promise<WebhookRow[]> {
  return listWebhooks(ctx.db, actingOwner(ctx.principal, "admin"));
}

/** Another user's (or organization's) webhook is indistinguishable from a missing one (404). */
export async function ownWebhook(ctx: UserContext, input: { webhookId: string }): Promise<WebhookRow> {
  const webhook = await findOwnWebhook(ctx.db, actingOwner(ctx.principal, "admin"), input.webhookId);
  if (!webhook) throw notFound();
  return webhook;
}

const notFound = () =>
  new AppError("RESOURCE_NOT_FOUND", { message: "Webhook not found.", details: { resource: "webhook" } });

export interface UpdateWebhookInput {
  webhookId: string;
  url?: string | undefined;
  events?: EventType[] | undefined;
  active?: boolean | undefined;
  description?: string | undefined;
}

/**
 * Change a webhook. Activating it (again) clears what the automatic disabling recorded; the
 * deliveries it missed meanwhile are sent only on request (recoverDeliveries).
 */
export async function updateWebhook(ctx: UserContext, input: UpdateWebhookInput): Promise<WebhookRow> {
  const { webhookId: id } = input;
  const owner = actingOwner(ctx.principal, "admin");
  const before = "organizationId" in owner ? await findOwnWebhook(ctx.db, owner, id) : undefined;
  const patch = {
    ...(input.url !== undefined ? { url: checkUrl(ctx, input.url) } : {}),
    ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.active === true ? { disabledAt: null, failingSince: null } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    updatedAt: iso(ctx.now()),
  };
  const after = before ? summary({ ...before, ...patch }) : undefined;
  const audit = before ? auditWebhook(ctx, { id, action: "webhook.updated", before: summary(before), after }) : [];
  const [updated] = await ctx.commit([updateOwnWebhookStatement(ctx.db, owner, id, patch), ...audit]);
  const webhook = rowWritten(updated) ? await findOwnWebhook(ctx.db, owner, id) : undefined;
  if (!webhook) throw notFound();
  return webhook;
}

export async function deleteWebhook(ctx: UserContext, input: { webhookId: string }): Promise<void> {
  const { webhookId: id } = input;
  const owner = actingOwner(ctx.principal, "admin");
  const before = "organizationId" in owner ? await findOwnWebhook(ctx.db, owner, id) : undefined;
  const audit = before ? auditWebhook(ctx, { id, action: "webhook.deleted", before: summary(before) }) : [];
  const [deleted] = await ctx.commit([deleteOwnWebhookStatement(ctx.db, owner, id), ...audit]);
  if (!rowWritten(deleted)) throw notFound();
}

/**
 * A new signing secret (generated, or the caller's), returned this once and sealed at rest. The
 * secret it replaces keeps signing for SECRET_OVERLAP_MS: deliveries meanwhile carry both `v1,`
 * signatures (Standard Webhooks, "Signature scheme": several space-delimited signatures). A
 * secret kept from an earlier rotation stops signing at once.
 */
export async function rotateWebhookSecret(
  ctx: UserContext,
  input: { webhookId: string; secret?: string | undefined },
): Promise<{ webhook: WebhookRow; secret: string }> {
  checkSecret(input.secret);
  const { webhookId: id } = input;
  const owner = actingOwner(ctx.principal, "admin");
  const now = ctx.now();
  const secret = input.secret ?? generateSecret();
  const previousExpiresAt = iso(now + SECRET_OVERLAP_MS);
  const audit = auditWebhook(ctx, {
    id,
    action: "webhook.secret_rotated",
    after: { rotation_overlap_ends_at: previousExpiresAt },
  });
  const secretSealed = await seal(await dataEncryptionKey(ctx.config), secret, id);
  const [rotated] = await ctx.commit([
    rotateOwnWebhookSecretStatement(ctx.db, owner, id, { secretSealed, previousExpiresAt, at: iso(now) }),
    ...audit,
  ]);
  const webhook = rowWritten(rotated) ? await findOwnWebhook(ctx.db, owner, id) : undefined;
  if (!webhook) throw notFound();
  return { webhook, secret };
}

const summary = (w: WebhookRow) => ({ url: w.url, events: w.events, active: w.active, description: w.description });

/**
 * An organization's webhook change's audit entry, committed in the change's
 * own batch (personal webhooks have no audit log).
 */
function auditWebhook(
  ctx: UserContext,
  entry: {
    id: string;
    action: Extract<AuditAction, `webhook.${string}`>;
    before?: Record<string, unknown> | undefined;
    after?: Record<string, unknown> | undefined;
  },
): Statement[] {
  return auditInBatch(ctx, {
    organizationId: ctx.principal.organization?.id,
    entry: {
      action: entry.action,
      targetType: "webhook",
      targetId: entry.id,
      before: entry.before,
      after: entry.after,
    },
  });
}
