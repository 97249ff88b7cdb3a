import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { tokenWithScopes } from "../../support/tokens";
import { createWebhook, STRONG_SECRET, strictApi } from "../../support/webhooks";

const URL_OK = "https://hooks.example.com/session-analysis";

describe("POST /v1/webhooks", () => {
  it("creates a webhook and returns the client's secret once; it is stored sealed", async () => {
    const u = await registerUser();
    const res = await createWebhook(u.token, {
      url: URL_OK,
      events: ["session.completed", "analysis.ready"],
      secret: STRONG_SECRET,
      description: "prod hook",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      url: URL_OK,
      events: ["session.completed", "analysis.ready"],
      active: true,
      secret: STRONG_SECRET,
      description: "prod hook",
    });
    expect(res.body.data.id).toMatch(/^webhook_\d+$/);
    expect(Date.parse(res.body.data.created_at)).not.toBeNaN();
    const row = await env.DB.prepare("SELECT * FROM webhooks WHERE id = ?")
      .bind(res.body.data.id)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(STRONG_SECRET);
    expect(String(row!.secret_sealed)).toMatch(/^v1\./);
  });

  it("generates a Standard Webhooks secret when none is sent", async () => {
    const u = await registerUser();
    const res = await createWebhook(u.token, { url: URL_OK });
    expect(res.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(() => new Webhook(res.body.data.secret)).not.toThrow();
  });

  it.each([
    [{ events: ["session.started"] }, "events.0"],
    [{ events: [] }, "events"],
    [{ secret: "short-secret" }, "secret"],
    [{ secret: "a".repeat(40) }, "secret"],
    [{ secret: "whsec_c2hvcnQ=" }, "secret"],
    [{ secret: "whsec_!!notbase64!!" }, "secret"],
    [{ url: "not-a-url" }, "url"],
    [{ description: "x".repeat(501) }, "description"],
  ])("refuses %j with 422 on %s", async (body, field) => {
    const u = await registerUser();
    const res = await createWebhook(u.token, { url: URL_OK, ...body });
    expect(res.status).toBe(422);
    expect(res.body.error.details.field).toBe(field);
  });

  it("accepts a whsec_ secret of 24+ bytes", async () => {
    const u = await registerUser();
    const secret = `whsec_${btoa("0123456789abcdef01234567")}`;
    expect((await createWebhook(u.token, { url: URL_OK, secret })).status).toBe(201);
  });

  it.each([
    "https://127.0.0.1/hook",
    "https://localhost/hook",
    "https://10.1.2.3/hook",
    "https://172.16.0.1/hook",
    "https://192.168.0.1/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/hook",
    "https://[fc00::1]/hook",
    "https://0x7f000001/hook",
    "https://2130706433/hook",
    "http://hooks.example.com/hook",
  ])("refuses %s with 422 on url (production settings)", async (url) => {
    const u = await registerUser();
    const res = await strictApi("POST", "/v1/webhooks", u.token, { url, events: ["session.completed"] });
    const err = expectErrorEnvelope(res, 422, "INVALID_FIELD_VALUE");
    expect(err.details.field).toBe("url");
  });

  it.each([
    ["https://[::1]/hook", "targets a loopback address"],
    ["https://[fe80::1]/hook", "targets a link-local address"],
    ["https://[::ffff:10.0.0.1]/hook", "targets a private address"],
  ])("refuses the compressed IPv6 literal %s for what it targets, not as a malformed URL", async (url, reason) => {
    const u = await registerUser();
    const res = await strictApi("POST", "/v1/webhooks", u.token, { url, events: ["session.completed"] });
    const err = expectErrorEnvelope(res, 422, "INVALID_FIELD_VALUE");
    expect(err.details).toMatchObject({ field: "url", reason });
  });

  it.each([
    "https://[2606:4700:4700::1111]/hook",
    "https://[2001:4860:4860:0:0:0:0:8888]:8443/hook?x=1",
    "https://[::ffff:8.8.8.8]/hook",
  ])("accepts the public IPv6 literal %s with production settings", async (url) => {
    const u = await registerUser();
    const res = await strictApi("POST", "/v1/webhooks", u.token, { url, events: ["session.completed"] });
    expect(res.status).toBe(201);
    expect(res.body.data.url).toBe(new URL(url).href);
  });

  it("accepts http://[::1]:PORT where private URLs are allowed (local development)", async () => {
    const u = await registerUser();
    const res = await createWebhook(u.token, { url: "http://[::1]:8787/hook" });
    expect(res.status).toBe(201);
    expect(res.body.data.url).toBe("http://[::1]:8787/hook");
  });

  it.each([
    "https://[1::2::3]/hook",
    "https://[1:2:3:4:5:6:7]/hook",
    "https://[::1/hook",
    "https://[fe80::1%25eth0]/hook",
  ])("refuses the malformed IPv6 literal %s as not a valid URL", async (url) => {
    const u = await registerUser();
    const res = await createWebhook(u.token, { url });
    const err = expectErrorEnvelope(res, 422, "INVALID_FIELD_VALUE");
    expect(err.details.field).toBe("url");
  });

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
});

describe("GET, PUT, DELETE /v1/webhooks", () => {
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

  it("caps webhooks per user", async () => {
    const u = await registerUser();
    for (let i = 0; i < 20; i++) expect((await createWebhook(u.token, { url: `${URL_OK}/${i}` })).status).toBe(201);
    expectErrorEnvelope(await createWebhook(u.token, { url: URL_OK }), 409, "WEBHOOK_LIMIT_REACHED");
  });
});
