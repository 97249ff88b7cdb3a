import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findDelivery } from "../../../src/db/webhook-deliveries";
import { registerUser, type TestUser } from "../../support/factories";
import { type ApiResponse, api, expectErrorEnvelope } from "../../support/http";
import { receiverBucket, waitForReceived } from "../../support/receiver";
import { storedDelivery } from "../../support/webhook-consumer";
import { createWebhook, receivedBeforePing } from "../../support/webhooks";

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function hookTo(u: TestUser, mode = "ok") {
  const bucket = receiverBucket();
  const res = await createWebhook(u.token, { url: bucket.url(mode) });
  expect(res.status).toBe(201);
  return { bucket, id: res.body.data.id as string };
}
const recover = (u: TestUser, id: string, since: string) =>
  api("POST", `/v1/webhooks/${id}/recover`, { token: u.token, body: { since } });
const status = async (id: string) => (await findDelivery(env.DB, id))?.status;

describe("POST /v1/webhooks/{id}/recover", () => {
  it("resends every failed, dead and skipped delivery since the time, once, through the queue", async () => {
    const u = await registerUser();
    const hook = await hookTo(u);
    const failed = await storedDelivery(u.id, hook.id, { status: "failed", createdAt: ago(3 * HOUR) });
    const dead = await storedDelivery(u.id, hook.id, { status: "dead", createdAt: ago(2 * HOUR) });
    const skipped = await storedDelivery(u.id, hook.id, { status: "skipped", createdAt: ago(HOUR) });
    const succeeded = await storedDelivery(u.id, hook.id, { status: "succeeded", createdAt: ago(HOUR) });
    const tooOld = await storedDelivery(u.id, hook.id, { status: "failed", createdAt: ago(3 * 24 * HOUR) });

    const first = await recover(u, hook.id, ago(24 * HOUR));
    expect(first.status).toBe(202);
    expect(first.body.data).toMatchObject({ queued: 3, remaining: 0 });
    // A second call while they are queued (or already delivered) queues nothing again.
    const second = await recover(u, hook.id, ago(24 * HOUR));
    expect(second.body.data).toMatchObject({ queued: 0, remaining: 0 });

    const got = await waitForReceived(hook.bucket.name, 3);
    expect(got.map((r) => r.headers["webhook-id"]).sort()).toEqual([failed, dead, skipped].sort());
    await expect.poll(() => status(skipped)).toBe("succeeded");
    // The second call sent nothing: by the time a later ping arrives, only the three came.
    expect(await receivedBeforePing(u.token, hook.id, hook.bucket.name)).toHaveLength(3);
    expect(await status(succeeded)).toBe("succeeded");
    expect(await status(tooOld)).toBe("failed");
  });

  it("is bounded: at most 14 days back, nothing from the future, 100 per call with the rest counted", async () => {
    const u = await registerUser();
    const hook = await hookTo(u, "status-500");
    const ancient = await storedDelivery(u.id, hook.id, { status: "dead", createdAt: ago(20 * 24 * HOUR) });
    const far = await recover(u, hook.id, ago(30 * 24 * HOUR));
    expect(far.body.data.queued).toBe(0);
    expect(Date.parse(far.body.data.since)).toBeGreaterThan(Date.now() - 14 * 24 * HOUR - 60_000);
    expect(await status(ancient)).toBe("dead");
    const future = await recover(u, hook.id, new Date(Date.now() + HOUR).toISOString());
    expect(future.body.data).toMatchObject({ queued: 0 });
    expect(
      (await api("POST", `/v1/webhooks/${hook.id}/recover`, { token: u.token, body: {} })).status,
    ).toBeGreaterThanOrEqual(400);
    for (let i = 0; i < 102; i++) await storedDelivery(u.id, hook.id, { status: "dead", createdAt: ago(HOUR - i) });
    const res = await recover(u, hook.id, ago(2 * HOUR));
    expect(res.body.data).toMatchObject({ queued: 100, remaining: 2 });
    // Their retries against the failing receiver are not this test's business.
    await api("DELETE", `/v1/webhooks/${hook.id}`, { token: u.token });
  });

  it("an inactive webhook answers 409 and queues nothing", async () => {
    const u = await registerUser();
    const hook = await hookTo(u);
    const failed = await storedDelivery(u.id, hook.id, { status: "failed", createdAt: ago(HOUR) });
    await api("PUT", `/v1/webhooks/${hook.id}`, { token: u.token, body: { active: false } });
    expectErrorEnvelope(await recover(u, hook.id, ago(2 * HOUR)), 409, "WEBHOOK_INACTIVE");
    expect(await status(failed)).toBe("failed");
  });

  it("recovering into another account's endpoint is 404 and sends nothing", async () => {
    const owner = await registerUser();
    const attacker = await registerUser();
    const hook = await hookTo(owner);
    const failed = await storedDelivery(owner.id, hook.id, { status: "failed", createdAt: ago(HOUR) });
    const res = await recover(attacker, hook.id, ago(2 * HOUR));
    expectErrorEnvelope(res, 404, "RESOURCE_NOT_FOUND");
    expect(await status(failed)).toBe("failed");
    expect(await receivedBeforePing(owner.token, hook.id, hook.bucket.name)).toEqual([]);
  });
});

describe("GET /v1/webhooks/{id}/deliveries filters and cursor", () => {
  it("filters by status, event type and time, and pages by cursor through every match once", async () => {
    const u = await registerUser();
    const hook = await hookTo(u);
    const made: Record<string, string> = {};
    const plan: Array<[string, "failed" | "dead" | "succeeded", string, number]> = [
      ["a", "failed", "session.completed", 5],
      ["b", "dead", "session.failed", 4],
      ["c", "succeeded", "session.completed", 3],
      ["d", "failed", "session.completed", 2],
      ["e", "failed", "analysis.ready", 1],
    ];
    for (const [name, s, type, hours] of plan)
      made[name] = await storedDelivery(u.id, hook.id, { status: s, type, createdAt: ago(hours * HOUR) });
    const ids = async (query: string) => {
      const res = await api("GET", `/v1/webhooks/${hook.id}/deliveries?${query}`, { token: u.token });
      expect(res.status).toBe(200);
      return res.body.data.deliveries.map((d: { id: string }) => d.id);
    };
    expect(await ids("status=failed,dead")).toEqual([made.e, made.d, made.b, made.a]);
    expect(await ids("event_type=session.completed")).toEqual([made.d, made.c, made.a]);
    expect(
      await ids(`since=${encodeURIComponent(ago(4.5 * HOUR))}&until=${encodeURIComponent(ago(1.5 * HOUR))}`),
    ).toEqual([made.d, made.c, made.b]);
    expect(await ids("status=failed&event_type=session.completed")).toEqual([made.d, made.a]);

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: ApiResponse = await api(
        "GET",
        `/v1/webhooks/${hook.id}/deliveries?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { token: u.token },
      );
      seen.push(...res.body.data.deliveries.map((d: { id: string }) => d.id));
      expect(res.body.data.pagination.total).toBe(5);
      cursor = res.body.data.pagination.next_cursor;
      expect(res.body.data.pagination.has_more).toBe(cursor !== null);
      if (cursor === null) break;
    }
    expect(seen).toEqual([made.e, made.d, made.c, made.b, made.a]);
  });

  it("refuses a bad filter and a forged cursor with 422", async () => {
    const u = await registerUser();
    const hook = await hookTo(u);
    const get = (q: string) => api("GET", `/v1/webhooks/${hook.id}/deliveries?${q}`, { token: u.token });
    expectErrorEnvelope(await get("status=exploded"), 422, "INVALID_FIELD_VALUE");
    expectErrorEnvelope(await get("since=yesterday"), 422, "INVALID_FIELD_VALUE");
    expectErrorEnvelope(await get("cursor=not-a-cursor"), 422, "INVALID_FIELD_VALUE");
  });
});
