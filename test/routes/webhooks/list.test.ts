// GET /v1/webhooks. Access (another user's webhook, a malformed id, the scope): test/routes/webhooks/access.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { createWebhook, STRONG_SECRET } from "../../support/webhooks";

const URL_OK = "https://hooks.example.com/session-analysis";

describe("GET /v1/webhooks", () => {
  it("lists the caller's webhooks without secrets, with last_triggered", async () => {
    const u = await registerUser();
    const other = await registerUser();
    await createWebhook(other.token, { url: URL_OK });
    const created = (await createWebhook(u.token, { url: URL_OK, secret: STRONG_SECRET })).body.data;
    const list = await api("GET", "/v1/webhooks", { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.data.webhooks).toEqual([
      {
        id: created.id,
        url: URL_OK,
        events: ["session.completed"],
        active: true,
        description: "",
        created_at: created.created_at,
        last_triggered: null,
        organization_id: null,
        disabled_at: null,
        failing_since: null,
        rotation_overlap_ends_at: null,
      },
    ]);
    expect(list.text).not.toContain(STRONG_SECRET);
    const one = await api("GET", `/v1/webhooks/${created.id}`, { token: u.token });
    expect(one.body.data.id).toBe(created.id);
    expect(one.text).not.toContain("secret");
  });
});
