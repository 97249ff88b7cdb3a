// Who may reach a webhook, on every webhook operation at once (the family's cross-cutting checks); the
// object-level matrix over every family is test/security/api1-bola.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { tokenWithScopes } from "../../support/tokens";
import { createWebhook } from "../../support/webhooks";

const URL_OK = "https://hooks.example.com/session-analysis";

describe("who may reach a webhook", () => {
  it("another user's webhook is 404 on every operation", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const id = (await createWebhook(owner.token, { url: URL_OK })).body.data.id;
    for (const [method, path, body] of [
      ["GET", `/v1/webhooks/${id}`],
      ["PUT", `/v1/webhooks/${id}`, { active: false }],
      ["DELETE", `/v1/webhooks/${id}`],
      ["GET", `/v1/webhooks/${id}/deliveries`],
      ["POST", `/v1/webhooks/${id}/test`],
      ["POST", `/v1/webhooks/${id}/deliveries/dlv_1/replay`],
    ] as const) {
      expectErrorEnvelope(await api(method, path, { token: other.token, body }), 404, "RESOURCE_NOT_FOUND");
    }
    expect((await api("GET", `/v1/webhooks/${id}`, { token: owner.token })).body.data.active).toBe(true);
  });
  it("a malformed id is 422", async () => {
    const u = await registerUser();
    expectErrorEnvelope(await api("GET", "/v1/webhooks/123", { token: u.token }), 422, "INVALID_FIELD_VALUE");
  });
  it("needs the profile scope", async () => {
    const u = await registerUser();
    expectErrorEnvelope(await api("GET", "/v1/webhooks"), 401, "AUTHENTICATION_REQUIRED");
    expectErrorEnvelope(
      await api("GET", "/v1/webhooks", { token: await tokenWithScopes(u.id, ["analytics:read"]) }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });
});
