import { describe, expect, it } from "vitest";
import { api } from "../support/http";

describe("OpenAPI document", () => {
  it("describes the billing and webhook operations with their scopes", async () => {
    const doc = (await api("GET", "/v1/openapi.json")).body;
    expect(doc.paths["/billing"].get["x-required-scopes"]).toEqual(["analytics:read"]);
    expect(doc.paths["/billing/credits/purchase"].post["x-required-scopes"]).toEqual(["profile"]);
    expect(Object.keys(doc.paths["/billing/credits/purchase"].post.responses)).toEqual(
      expect.arrayContaining(["201", "402", "404", "422", "502"]),
    );
    for (const path of [
      "/billing/history",
      "/billing/payment-methods",
      "/billing/packages",
      "/webhooks",
      "/webhooks/{webhook_id}",
      "/webhooks/{webhook_id}/deliveries",
      "/webhooks/{webhook_id}/test",
      "/webhooks/{webhook_id}/deliveries/{delivery_id}/replay",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
