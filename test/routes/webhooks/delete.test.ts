// DELETE /v1/webhooks/{id}. Access: test/routes/webhooks/access.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { createWebhook } from "../../support/webhooks";

const URL_OK = "https://hooks.example.com/session-analysis";

describe("DELETE /v1/webhooks/{id}", () => {
  it("deletes", async () => {
    const u = await registerUser();
    const id = (await createWebhook(u.token, { url: URL_OK })).body.data.id;
    const del = await api("DELETE", `/v1/webhooks/${id}`, { token: u.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, message: "Webhook deleted" });
    expectErrorEnvelope(await api("GET", `/v1/webhooks/${id}`, { token: u.token }), 404, "RESOURCE_NOT_FOUND");
  });
  it("deletes a webhook that has deliveries (D1 counts the cascaded delivery rows in meta.changes)", async () => {
    const u = await registerUser();
    const id = (await createWebhook(u.token, { url: URL_OK })).body.data.id;
    expect((await api("POST", `/v1/webhooks/${id}/test`, { token: u.token })).status).toBe(202);
    const deliveries = await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(deliveries?.n).toBeGreaterThan(0);
    const del = await api("DELETE", `/v1/webhooks/${id}`, { token: u.token });
    expect(del.status, del.text).toBe(200);
    expect(del.body).toEqual({ success: true, message: "Webhook deleted" });
    expectErrorEnvelope(await api("GET", `/v1/webhooks/${id}`, { token: u.token }), 404, "RESOURCE_NOT_FOUND");
    expectErrorEnvelope(await api("DELETE", `/v1/webhooks/${id}`, { token: u.token }), 404, "RESOURCE_NOT_FOUND");
  });
});
