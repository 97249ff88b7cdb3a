// POST /v1/webhooks. Another user's webhook, a malformed id and the scope: test/routes/webhooks/access.test.ts
// and test/security/api1-bola.test.ts; the URL rules against SSRF: test/security/api7-ssrf.test.ts.
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { expectErrorEnvelope } from "../../support/http";
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
  it("caps webhooks per user", async () => {
    const u = await registerUser();
    for (let i = 0; i < 20; i++) expect((await createWebhook(u.token, { url: `${URL_OK}/${i}` })).status).toBe(201);
    expectErrorEnvelope(await createWebhook(u.token, { url: URL_OK }), 409, "WEBHOOK_LIMIT_REACHED");
  });
});
