import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { registerUser, type TestUser } from "../../support/factories";
import { api, appAt, expectErrorEnvelope } from "../../support/http";
import { asOrg, organizationWithTeam } from "../../support/organizations";
import { type ReceivedRequest, receiverBucket, waitForReceived } from "../../support/receiver";
import { attemptAt, storedDelivery } from "../../support/webhook-consumer";
import { createWebhook } from "../../support/webhooks";

const HOUR = 3_600_000;
const verifies = (secret: string, got: ReceivedRequest) => {
  try {
    new Webhook(secret).verify(got.body, got.headers);
    return true;
  } catch {
    return false;
  }
};
const signatures = (got: ReceivedRequest) => got.headers["webhook-signature"]!.split(" ");

async function hookTo(u: TestUser) {
  const bucket = receiverBucket();
  const res = await createWebhook(u.token, { url: bucket.url() });
  expect(res.status).toBe(201);
  return { bucket, id: res.body.data.id as string, secret: res.body.data.secret as string };
}

/** Rotate with the service's clock at `at`, as a request made then. */
async function rotateAt(u: TestUser, webhookId: string, at: number, headers: Record<string, string> = {}) {
  return appAt(at).api("POST", `/v1/webhooks/${webhookId}/rotate-secret`, { token: u.token, headers });
}

/** One delivery attempted now; what the receiver got. */
async function deliverOne(u: TestUser, hook: { id: string; bucket: { name: string } }, nth: number) {
  await attemptAt(await storedDelivery(u.id, hook.id));
  const got = await waitForReceived(hook.bucket.name, nth);
  expect(got).toHaveLength(nth);
  return got[nth - 1]!;
}

describe("POST /v1/webhooks/{id}/rotate-secret", () => {
  it("returns a new secret once, sealed at rest; during the 24 h overlap deliveries verify with either secret", async () => {
    const u = await registerUser();
    const hook = await hookTo(u);
    const rotatedAt = Date.now() - HOUR;
    const res = await rotateAt(u, hook.id, rotatedAt);
    expect(res.status).toBe(200);
    const fresh = res.body.data.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(hook.secret);
    expect(res.body.data.rotation_overlap_ends_at).toBe(new Date(rotatedAt + 24 * HOUR).toISOString());

    const row = await env.DB.prepare("SELECT * FROM webhooks WHERE id = ?")
      .bind(hook.id)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(fresh.slice(6));
    expect(JSON.stringify(row)).not.toContain(hook.secret.slice(6));
    const shown = await api("GET", `/v1/webhooks/${hook.id}`, { token: u.token });
    expect(JSON.stringify(shown.body)).not.toContain(fresh.slice(6));
    expect(shown.body.data.rotation_overlap_ends_at).toBe(res.body.data.rotation_overlap_ends_at);

    const got = await deliverOne(u, hook, 1);
    expect(signatures(got)).toHaveLength(2);
    expect(signatures(got).every((s) => s.startsWith("v1,"))).toBe(true);
    expect(verifies(fresh, got)).toBe(true); // a receiver already on the new secret
    expect(verifies(hook.secret, got)).toBe(true); // a receiver not yet moved
  });

  it("after the overlap only the new secret signs: a holder of the old secret can no longer verify or forge", async () => {
    const u = await registerUser();
    const hook = await hookTo(u);
    const res = await rotateAt(u, hook.id, Date.now() - 24 * HOUR - 60_000);
    const fresh = res.body.data.secret as string;

    const got = await deliverOne(u, hook, 1);
    expect(signatures(got)).toHaveLength(1);
    expect(verifies(fresh, got)).toBe(true);
    expect(verifies(hook.secret, got)).toBe(false);

    // The attack: the old (perhaps leaked) secret signs a message as the service would. A receiver
    // that moved to the new secret refuses it, and the service's own deliveries never carry it.
    const forged = new Webhook(hook.secret);
    const ts = new Date();
    const body = JSON.stringify({ type: "session.completed", timestamp: ts.toISOString(), data: {} });
    const headers = {
      "webhook-id": got.headers["webhook-id"]!,
      "webhook-timestamp": String(Math.floor(ts.getTime() / 1000)),
      "webhook-signature": forged.sign(got.headers["webhook-id"]!, ts, body),
    };
    expect(() => new Webhook(fresh).verify(body, headers)).toThrow();
    expect(signatures(got)).not.toContain(
      forged.sign(got.headers["webhook-id"]!, new Date(Number(got.headers["webhook-timestamp"]) * 1000), got.body),
    );
  });

  it("a second rotation within the overlap ends the oldest secret at once", async () => {
    const u = await registerUser();
    const hook = await hookTo(u);
    const second = (await rotateAt(u, hook.id, Date.now() - 2 * HOUR)).body.data.secret as string;
    const third = (await rotateAt(u, hook.id, Date.now() - HOUR)).body.data.secret as string;
    const got = await deliverOne(u, hook, 1);
    expect(signatures(got)).toHaveLength(2);
    expect(verifies(third, got)).toBe(true);
    expect(verifies(second, got)).toBe(true);
    expect(verifies(hook.secret, got)).toBe(false);
  });

  it("accepts a chosen secret under the creation rules and refuses a weak one with nothing changed", async () => {
    const u = await registerUser();
    const hook = await hookTo(u);
    const weak = await api("POST", `/v1/webhooks/${hook.id}/rotate-secret`, {
      token: u.token,
      body: { secret: "short" },
    });
    expectErrorEnvelope(weak, 422, "INVALID_FIELD_VALUE");
    expect(
      (await api("GET", `/v1/webhooks/${hook.id}`, { token: u.token })).body.data.rotation_overlap_ends_at,
    ).toBeNull();
    const chosen = "a-Chosen-rotation-secret-0123456789!";
    const ok = await api("POST", `/v1/webhooks/${hook.id}/rotate-secret`, { token: u.token, body: { secret: chosen } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.secret).toBe(chosen);
    const got = await deliverOne(u, hook, 1);
    expect(new Webhook(chosen, { format: "raw" }).verify(got.body, got.headers)).toBeDefined();
  });

  it("rotating another account's webhook is 404 and changes nothing it signs with", async () => {
    const owner = await registerUser();
    const attacker = await registerUser();
    const hook = await hookTo(owner);
    const before = await env.DB.prepare("SELECT secret_sealed, previous_secret_sealed FROM webhooks WHERE id = ?")
      .bind(hook.id)
      .first();
    const res = await api("POST", `/v1/webhooks/${hook.id}/rotate-secret`, { token: attacker.token });
    expectErrorEnvelope(res, 404, "RESOURCE_NOT_FOUND");
    expect(JSON.stringify(res.body)).not.toContain("whsec_");
    const after = await env.DB.prepare("SELECT secret_sealed, previous_secret_sealed FROM webhooks WHERE id = ?")
      .bind(hook.id)
      .first();
    expect(after).toEqual(before);
    const got = await deliverOne(owner, hook, 1);
    expect(signatures(got)).toHaveLength(1);
    expect(verifies(hook.secret, got)).toBe(true);
  });

  it("an Idempotency-Key replay returns the same secret and rotates once; the write is rate limited like others", async () => {
    const u = await registerUser();
    const hook = await hookTo(u);
    const headers = { "Idempotency-Key": `rotate-${crypto.randomUUID()}` };
    const first = await api("POST", `/v1/webhooks/${hook.id}/rotate-secret`, { token: u.token, headers });
    const again = await api("POST", `/v1/webhooks/${hook.id}/rotate-secret`, { token: u.token, headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data.secret).toBe(first.body.data.secret);
    expect(first.headers.get("RateLimit-Policy")).toBeTruthy();
    const got = await deliverOne(u, hook, 1);
    // Rotated once: the original secret still overlaps (a second rotation would have ended it).
    expect(verifies(hook.secret, got)).toBe(true);
    expect(verifies(first.body.data.secret, got)).toBe(true);
  });

  it("an organization's rotation is audited", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const created = await api("POST", "/v1/webhooks", {
      token: admin.token,
      headers: asOrg(orgId),
      body: { url: receiverBucket().url(), events: ["session.completed"] },
    });
    expect(created.status).toBe(201);
    const res = await api("POST", `/v1/webhooks/${created.body.data.id}/rotate-secret`, {
      token: admin.token,
      headers: asOrg(orgId),
    });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT action, target_id, after FROM audit_log WHERE organization_id = ? AND action = ?",
    )
      .bind(orgId, "webhook.secret_rotated")
      .first<{ target_id: string; after: string }>();
    expect(row?.target_id).toBe(created.body.data.id);
    expect(row?.after).not.toContain("whsec_");
  });
});
