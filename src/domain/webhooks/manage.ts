import type { Statement, Store } from "../../db/store";
import {
  deleteOwnWebhook,
  findOwnWebhook,
  insertWebhookUnderCap,
  listWebhooks,
  updateOwnWebhook,
  type WebhookRow,
} from "../../db/webhooks";
import { AppError, invalidField } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context, RequestMeta } from "../context";
import { dataEncryptionKey } from "../encryption/data-key";
import { seal } from "../encryption/secret-box";
import type { Principal } from "../identity/principal";
import { actingOwner } from "../organizations/access";
import { auditInBatch } from "../organizations/audit";
import { allowPrivateUrls } from "./deliveries";
import type { EventType } from "./events";
import { generateSecret, secretWeakness } from "./secrets";
import { classifyWebhookUrl } from "./url-safety";

/** Bounds the fan-out per event and each user's stored rows. */
const MAX_WEBHOOKS_PER_USER = 20;

export interface CreateWebhookInput {
  url: string;
  events: EventType[];
  secret?: string | undefined;
  active?: boolean | undefined;
  description?: string | undefined;
}

function checkUrl(ctx: Context, url: string): string {
  const verdict = classifyWebhookUrl(url, { allowPrivate: allowPrivateUrls(ctx.config) });
  if (!verdict.ok) throw invalidField("url", verdict.reason);
  return verdict.url.href;
}

/** Create a webhook; the secret (chosen or generated) is returned this once and stored sealed. */
export async function createWebhook(
  ctx: Context,
  principal: Principal,
  input: CreateWebhookInput,
  meta?: RequestMeta,
  now = Date.now(),
): Promise<{ webhook: WebhookRow; secret: string }> {
  const url = checkUrl(ctx, input.url);
  if (input.secret !== undefined) {
    const weakness = secretWeakness(input.secret);
    if (weakness) throw invalidField("secret", weakness);
  }
  const owner = actingOwner(principal, "admin");
  if ((await listWebhooks(ctx.db, owner)).length >= MAX_WEBHOOKS_PER_USER) {
    throw new AppError("WEBHOOK_LIMIT_REACHED", { details: { max_webhooks: MAX_WEBHOOKS_PER_USER } });
  }
  const secret = input.secret ?? generateSecret();
  const id = newId("webhook", now);
  const at = iso(now);
  const webhook: WebhookRow = {
    id,
    userId: principal.userId,
    url,
    events: [...new Set(input.events)],
    secretSealed: await seal(await dataEncryptionKey(ctx.config), secret, id),
    active: input.active ?? true,
    description: input.description ?? "",
    createdAt: at,
    updatedAt: at,
    lastTriggered: null,
    organizationId: "organizationId" in owner ? owner.organizationId : null,
  };
  // The count above refuses early and cheaply; this conditional insert settles races.
  const audit = auditWebhook(ctx.db, principal, meta, id, "webhook.created", undefined, summary(webhook), now);
  if (!(await insertWebhookUnderCap(ctx.db, webhook, MAX_WEBHOOKS_PER_USER, audit))) {
    throw new AppError("WEBHOOK_LIMIT_REACHED", { details: { max_webhooks: MAX_WEBHOOKS_PER_USER } });
  }
  return { webhook, secret };
}

/** The caller's webhooks, or (admins) the organization's when acting for one. */
export function ownWebhooks(d1: Store, principal: Principal): Promise<WebhookRow[]> {
  return listWebhooks(d1, actingOwner(principal, "admin"));
}

/** Another user's (or organization's) webhook is indistinguishable from a missing one (404). */
export async function ownWebhook(d1: Store, principal: Principal, id: string): Promise<WebhookRow> {
  const webhook = await findOwnWebhook(d1, actingOwner(principal, "admin"), id);
  if (!webhook) throw notFound();
  return webhook;
}

const notFound = () =>
  new AppError("RESOURCE_NOT_FOUND", { message: "Webhook not found.", details: { resource: "webhook" } });

export interface UpdateWebhookInput {
  url?: string | undefined;
  events?: EventType[] | undefined;
  active?: boolean | undefined;
  description?: string | undefined;
}

export async function updateWebhook(
  ctx: Context,
  principal: Principal,
  id: string,
  input: UpdateWebhookInput,
  meta?: RequestMeta,
  now = Date.now(),
): Promise<WebhookRow> {
  const owner = actingOwner(principal, "admin");
  const before = "organizationId" in owner ? await findOwnWebhook(ctx.db, owner, id) : undefined;
  const patch = {
    ...(input.url !== undefined ? { url: checkUrl(ctx, input.url) } : {}),
    ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    updatedAt: iso(now),
  };
  const after = before ? summary({ ...before, ...patch }) : undefined;
  const audit = before ? auditWebhook(ctx.db, principal, meta, id, "webhook.updated", summary(before), after, now) : [];
  const updated = await updateOwnWebhook(ctx.db, owner, id, patch, audit);
  if (!updated) throw notFound();
  return updated;
}

export async function deleteWebhook(
  d1: Store,
  principal: Principal,
  id: string,
  meta?: RequestMeta,
  now = Date.now(),
): Promise<void> {
  const owner = actingOwner(principal, "admin");
  const before = "organizationId" in owner ? await findOwnWebhook(d1, owner, id) : undefined;
  const audit = before ? auditWebhook(d1, principal, meta, id, "webhook.deleted", summary(before), undefined, now) : [];
  if (!(await deleteOwnWebhook(d1, owner, id, audit))) throw notFound();
}

const summary = (w: WebhookRow) => ({ url: w.url, events: w.events, active: w.active, description: w.description });

/**
 * An organization's webhook change's audit entry, committed in the change's
 * own batch (personal webhooks have no audit log).
 */
function auditWebhook(
  d1: Store,
  principal: Principal,
  meta: RequestMeta | undefined,
  id: string,
  action: "webhook.created" | "webhook.updated" | "webhook.deleted",
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  now: number,
): Statement[] {
  return auditInBatch(
    d1,
    principal.organization?.id,
    principal,
    meta,
    { action, targetType: "webhook", targetId: id, before, after },
    now,
  );
}
