// PUT /v1/webhooks/{id}. Access: test/routes/webhooks/access.test.ts; URL rules: test/security/api7-ssrf.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { createWebhook, strictApi } from "../../support/webhooks";

const URL_OK = "https://hooks.example.com/session-analysis";

describe("PUT /v1/webhooks/{id}", () => {
  it("refuses a private url on update too", async () => {
    const u = await registerUser();
    const id = (await createWebhook(u.token, { url: URL_OK })).body.data.id;
    const err = expectErrorEnvelope(
      await strictApi("PUT", `/v1/webhooks/${id}`, u.token, { url: "https://192.168.1.1/x" }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(err.details.field).toBe("url");
  });
  it("updates events, active, url and description", async () => {
    const u = await registerUser();
    const id = (await createWebhook(u.token, { url: URL_OK })).body.data.id;
    const res = await api("PUT", `/v1/webhooks/${id}`, {
      token: u.token,
      body: {
        events: ["billing.payment_succeeded"],
        active: false,
        url: "https://other.example.com/h",
        description: "d",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      events: ["billing.payment_succeeded"],
      active: false,
      url: "https://other.example.com/h",
      description: "d",
    });
    expectErrorEnvelope(
      await api("PUT", `/v1/webhooks/${id}`, { token: u.token, body: {} }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expectErrorEnvelope(
      await api("PUT", `/v1/webhooks/${id}`, { token: u.token, body: { events: ["nope"] } }),
      422,
      "INVALID_FIELD_VALUE",
    );
  });
});
