import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { eventIdFor, eventMessage } from "../../src/domain/webhooks/events";
import { DISABLE_AFTER_FAILING_MS } from "../../src/domain/webhooks/health";
import { registerUser, type TestUser } from "../support/factories";
import { api } from "../support/http";
import { mailbox, mailTo } from "../support/mail";
import { asOrg, organizationWithTeam } from "../support/organizations";
import { receiverBucket, waitForReceived } from "../support/receiver";
import { attemptAt, consumeAt, storedDelivery } from "../support/webhook-consumer";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function hook(u: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await api("POST", "/v1/webhooks", {
    token: u.token,
    headers,
    body: { events: ["session.completed"], ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string };
}
const getHook = async (u: TestUser, id: string, headers: Record<string, string> = {}) =>
  (await api("GET", `/v1/webhooks/${id}`, { token: u.token, headers })).body.data;

describe("automatic disabling of an endpoint that keeps failing", () => {
  it("is documented as days, not minutes", () => {
    expect(DISABLE_AFTER_FAILING_MS).toBe(5 * DAY);
  });

  it("after 5 days of failures: disabled, the owner emailed, webhook.disabled sent; what it then misses is recovered on request", async () => {
    const u = await registerUser();
    const failing = receiverBucket();
    const watcher = receiverBucket();
    const broken = await hook(u, { url: failing.url("status-500") });
    const watching = await hook(u, { url: watcher.url(), events: ["webhook.disabled"] });
    const t0 = Date.now();

    expect((await attemptAt(await storedDelivery(u.id, broken.id), t0)).retryMessages).toHaveLength(1);
    expect(await getHook(u, broken.id)).toMatchObject({ active: true, failing_since: iso(t0), disabled_at: null });
    // A day short of the run (to the minute): still active, and nobody told.
    await attemptAt(await storedDelivery(u.id, broken.id), t0 + DISABLE_AFTER_FAILING_MS - 60_000);
    expect(await getHook(u, broken.id)).toMatchObject({ active: true, disabled_at: null });
    expect((await mailbox(u.email)).filter((m) => m.type === "webhook.disabled")).toHaveLength(0);

    const at = t0 + DISABLE_AFTER_FAILING_MS;
    await attemptAt(await storedDelivery(u.id, broken.id), at);
    expect(await getHook(u, broken.id)).toMatchObject({ active: false, disabled_at: iso(at), failing_since: iso(t0) });

    const mail = await mailTo(u.email, "webhook.disabled");
    expect(mail.text).toContain(failing.url("status-500"));
    expect(mail.text).toContain(iso(t0));

    const [event] = await waitForReceived(watcher.name, 1);
    const payload = new Webhook(watching.secret).verify(event!.body, event!.headers) as Record<string, any>;
    expect(payload.type).toBe("webhook.disabled");
    expect(payload.data).toMatchObject({ webhook_id: broken.id, failing_since: iso(t0), disabled_at: iso(at) });

    // Once only: a later failing attempt (a retry already queued) neither mails nor announces again.
    await attemptAt(await storedDelivery(u.id, broken.id), at + 60_000);
    expect((await mailbox(u.email)).filter((m) => m.type === "webhook.disabled")).toHaveLength(1);

    // While disabled, events are kept for it as skipped, not sent.
    const missed = eventMessage(
      "session.completed",
      await eventIdFor("session.completed", `s_${t0}`),
      u.id,
      iso(Date.now()),
      {
        session_id: `s_${t0}`,
      },
    );
    await consumeAt(missed);
    const log = await api("GET", `/v1/webhooks/${broken.id}/deliveries?status=skipped`, { token: u.token });
    expect(log.body.data.deliveries.map((d: any) => d.event_id)).toContain(missed.event_id);
    const sentBefore = (await waitForReceived(failing.name, 3)).length;

    // Re-enabled (and fixed): the record of the disabling is cleared; recover sends what it missed.
    const enabled = await api("PUT", `/v1/webhooks/${broken.id}`, {
      token: u.token,
      body: { active: true, url: failing.url() },
    });
    expect(enabled.body.data).toMatchObject({ active: true, disabled_at: null, failing_since: null });
    const recovered = await api("POST", `/v1/webhooks/${broken.id}/recover`, {
      token: u.token,
      body: { since: iso(Date.now() - 60_000) },
    });
    expect(recovered.status).toBe(202);
    expect(recovered.body.data.queued).toBeGreaterThanOrEqual(1);
    const got = await waitForReceived(failing.name, sentBefore + recovered.body.data.queued);
    const replayed = got.slice(sentBefore).map((r) => new Webhook(broken.secret).verify(r.body, r.headers) as any);
    expect(replayed.map((p) => p.data.session_id)).toContain(`s_${t0}`);
  });

  it("a success ends the run of failures: failures either side of it do not add up", async () => {
    const u = await registerUser();
    const bucket = receiverBucket();
    const h = await hook(u, { url: bucket.url("status-500") });
    const t0 = Date.now();
    await attemptAt(await storedDelivery(u.id, h.id), t0);
    await api("PUT", `/v1/webhooks/${h.id}`, { token: u.token, body: { url: bucket.url() } });
    await attemptAt(await storedDelivery(u.id, h.id), t0 + 3 * DAY);
    expect((await getHook(u, h.id)).failing_since).toBeNull();
    await api("PUT", `/v1/webhooks/${h.id}`, { token: u.token, body: { url: bucket.url("status-503") } });
    await attemptAt(await storedDelivery(u.id, h.id), t0 + 4 * DAY);
    await attemptAt(await storedDelivery(u.id, h.id), t0 + 6 * DAY);
    expect(await getHook(u, h.id)).toMatchObject({ active: true, failing_since: iso(t0 + 4 * DAY), disabled_at: null });
  });

  it("an organization's endpoint: the disabling is in its audit log, by the service, and its creator is emailed", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const bucket = receiverBucket();
    const h = await hook(admin, { url: bucket.url("status-500") }, asOrg(orgId));
    const t0 = Date.now();
    await attemptAt(await storedDelivery(orgId, h.id), t0);
    await attemptAt(await storedDelivery(orgId, h.id), t0 + DISABLE_AFTER_FAILING_MS);
    expect(await getHook(admin, h.id, asOrg(orgId))).toMatchObject({ active: false });
    const row = await env.DB.prepare(
      "SELECT actor_user_id, actor_credential, target_id, after FROM audit_log WHERE organization_id = ? AND action = 'webhook.disabled'",
    )
      .bind(orgId)
      .first<Record<string, string | null>>();
    expect(row).toMatchObject({ actor_user_id: null, actor_credential: "system:webhook-delivery", target_id: h.id });
    expect(JSON.parse(row!.after!)).toMatchObject({ active: false, failing_since: iso(t0) });
    expect((await mailTo(admin.email, "webhook.disabled")).text).toContain(bucket.url("status-500"));
  });
});
