import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventMessage } from "../../src/domain/webhooks/events";
import { fanOut } from "../../src/domain/webhooks/fan-out";
import { testContextWith } from "../support/context";
import { api } from "../support/http";
import { asOrg, organizationWithTeam } from "../support/organizations";

describe("fan-out of an organization's events", () => {
  it("reaches the organization's webhooks and none of its members' personal ones", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const hook = { url: "https://hooks.example.com/fan", events: ["session.completed"] };
    const orgHook = await api("POST", "/v1/webhooks", { token: owner.token, headers: asOrg(orgId), body: hook });
    const personal = await api("POST", "/v1/webhooks", { token: owner.token, body: hook });
    const event = eventMessage("session.completed", `evt_${Date.now()}`, orgId, new Date().toISOString(), {});
    // The queue binding is replaced: only which deliveries are stored matters here.
    const sent = await fanOut(
      testContextWith({ WEBHOOK_QUEUE: { send: async () => {}, sendBatch: async () => {} } as never }),
      event,
    );
    expect(sent).toBe(1);
    const { results } = await env.DB.prepare("SELECT webhook_id FROM webhook_deliveries WHERE event_id = ?")
      .bind(event.event_id)
      .all<{ webhook_id: string }>();
    expect(results.map((r) => r.webhook_id)).toEqual([orgHook.body.data.id]);
    expect(results.map((r) => r.webhook_id)).not.toContain(personal.body.data.id);
  });
});
