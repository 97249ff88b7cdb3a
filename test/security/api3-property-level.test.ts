import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD } from "../support/factories";
import { api } from "../support/http";
import { estate } from "./support";

/**
 * API3:2023 Broken Object Property Level Authorization.
 * Attacks: mass assignment — writing properties a client must not set
 * (tier, credits, role, email, ids, owner, status, prices, secrets) through
 * every create/update body; and excessive data exposure — reading secrets
 * (password hash, API key, webhook secret, client secret, refresh token,
 * sealed or hashed forms) back after creation.
 * Expected: unknown properties are dropped by the zod schemas and change
 * nothing; no response after the creating one contains a secret.
 */
describe("API3 mass assignment", () => {
  it("PUT /users/me cannot change tier, credits, role, email or id", async () => {
    const a = await estate();
    const before = (await api("GET", "/v1/users/me", { token: a.user.token })).body.data;
    const res = await api("PUT", "/v1/users/me", {
      token: a.user.token,
      body: {
        username: "renamed",
        tier: "enterprise",
        credits: 1_000_000,
        role: "admin",
        email: "takeover@example.com",
        id: "user_1",
        password_hash: "x",
        created_at: "2000-01-01T00:00:00Z",
      },
    });
    expect(res.status).toBe(200);
    const after = (await api("GET", "/v1/users/me", { token: a.user.token })).body.data;
    expect(after.username).toBe("renamed");
    expect({ ...after, username: before.username, usage_stats: before.usage_stats }).toEqual(before);
    const row = await env.DB.prepare("SELECT email, tier, role, credits FROM users WHERE id = ?")
      .bind(a.user.id)
      .first<any>();
    expect(row).toMatchObject({ email: a.user.email, tier: "basic", role: "user", credits: before.credits });
    // And no admin powers were gained.
    expect((await api("GET", "/v1/admin/system/status", { token: a.user.token })).status).toBe(403);
  });

  it("POST /sessions ignores status, price, owner and id fields", async () => {
    const a = await estate();
    const credits = (await api("GET", "/v1/users/me", { token: a.user.token })).body.data.credits;
    const res = await api("POST", "/v1/sessions", {
      token: a.user.token,
      body: {
        cue: "mass assignment probe",
        session_type: "remote_viewing",
        parameters: { duration: 300 },
        status: "completed",
        credits_required: 0,
        credits_used: 0,
        user_id: "user_1",
        id: "session_1",
        confidence_score: 1,
        results: { summary: "forged" },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("pending");
    expect(res.body.data.id).not.toBe("session_1");
    expect(res.body.data.credits_required).toBe(15);
    expect((await api("GET", "/v1/users/me", { token: a.user.token })).body.data.credits).toBe(credits - 15);
    const row = await env.DB.prepare("SELECT user_id, status FROM sessions WHERE id = ?")
      .bind(res.body.data.id)
      .first<any>();
    expect(row.user_id).toBe(a.user.id);
  });

  it("PUT /sessions/{id} changes only threshold and tags", async () => {
    const a = await estate();
    const before = (await api("GET", `/v1/sessions/${a.sessionId}`, { token: a.user.token })).body.data;
    const res = await api("PUT", `/v1/sessions/${a.sessionId}`, {
      token: a.user.token,
      body: {
        cue: "rewritten",
        status: "completed",
        session_type: "dowsing",
        credits_required: 0,
        parameters: { duration: 30, confidence_threshold: 0.9 },
        metadata: { case_id: "forged", tags: ["t"] },
      },
    });
    expect(res.status).toBe(200);
    const after = (await api("GET", `/v1/sessions/${a.sessionId}`, { token: a.user.token })).body.data;
    expect(after).toMatchObject({
      cue: before.cue,
      status: "pending",
      session_type: before.session_type,
      credits_required: before.credits_required,
    });
    expect(after.parameters.duration).toBe(before.parameters.duration);
    expect(after.parameters.confidence_threshold).toBe(0.9);
    expect(after.metadata.case_id).toBe(before.metadata.case_id);
    expect(after.metadata.tags).toEqual(["t"]);
  });

  it("PUT /webhooks/{id} cannot change the secret, owner or id", async () => {
    const a = await estate();
    const sealed = await env.DB.prepare("SELECT secret_sealed, user_id FROM webhooks WHERE id = ?")
      .bind(a.webhookId)
      .first<any>();
    const res = await api("PUT", `/v1/webhooks/${a.webhookId}`, {
      token: a.user.token,
      body: {
        description: "edited",
        secret: `whsec_${btoa("x".repeat(32))}`,
        user_id: "user_1",
        id: "webhook_1",
        last_triggered: "2000-01-01T00:00:00Z",
      },
    });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT secret_sealed, user_id, description, last_triggered FROM webhooks WHERE id = ?",
    )
      .bind(a.webhookId)
      .first<any>();
    expect(row).toMatchObject({
      secret_sealed: sealed.secret_sealed,
      user_id: a.user.id,
      description: "edited",
      last_triggered: null,
    });
  });

  it("POST /api-keys cannot grant scopes beyond the creating token, and ignores owner/id fields", async () => {
    const a = await estate();
    const res = await api("POST", "/v1/api-keys", {
      token: a.user.token,
      body: { name: "x", scopes: ["analytics:admin"], user_id: "user_1" },
    });
    expect(res.status).toBe(403);
    const ok = await api("POST", "/v1/api-keys", {
      token: a.user.token,
      body: { name: "y", scopes: ["profile"], user_id: "user_1", id: "key_1", revoked_at: null },
    });
    expect(ok.status).toBe(201);
    expect(
      (await env.DB.prepare("SELECT user_id FROM api_keys WHERE id = ?").bind(ok.body.data.id).first<any>()).user_id,
    ).toBe(a.user.id);
  });
});

describe("API3 excessive data exposure: secrets never come back after creation", () => {
  it("no response of any read or update route carries a password, key, secret or token hash", async () => {
    const a = await estate();
    const t = a.user.token;
    const rows = await Promise.all([
      env.DB.prepare("SELECT password_hash AS v FROM users WHERE id = ?").bind(a.user.id).first<{ v: string }>(),
      env.DB.prepare("SELECT key_hash AS v FROM api_keys WHERE id = ?").bind(a.apiKeyId).first<{ v: string }>(),
      env.DB.prepare("SELECT secret_sealed AS v FROM webhooks WHERE id = ?").bind(a.webhookId).first<{ v: string }>(),
      env.DB.prepare("SELECT secret_hash AS v FROM oauth_clients WHERE id = ?").bind(a.clientId).first<{ v: string }>(),
    ]);
    expect(rows.every((r) => typeof r?.v === "string" && r.v.length > 20)).toBe(true);
    const secrets = [
      PASSWORD,
      a.apiKey,
      a.webhookSecret,
      a.clientSecret,
      a.user.refreshToken,
      ...rows.map((r) => r!.v),
    ];
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/v1/users/me"],
      ["PUT", "/v1/users/me", { username: "still-me" }],
      ["GET", "/v1/webhooks"],
      ["GET", `/v1/webhooks/${a.webhookId}`],
      ["PUT", `/v1/webhooks/${a.webhookId}`, { description: "d" }],
      ["GET", `/v1/webhooks/${a.webhookId}/deliveries`],
      ["GET", "/v1/api-keys"],
      ["POST", `/v1/api-keys/${a.apiKeyId}/rotate`, {}],
      ["GET", "/v1/oauth/clients"],
      ["GET", `/v1/oauth/clients/${a.clientId}`],
      ["GET", "/v1/billing/payment-methods"],
      ["GET", "/v1/billing"],
      ["GET", "/v1/billing/history"],
      ["GET", "/v1/sessions"],
      ["GET", `/v1/sessions/${a.sessionId}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: t, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      for (const s of secrets) expect(res.text, `${method} ${path} leaks a secret`).not.toContain(s);
      expect(res.text).not.toMatch(/password|secret_hash|key_hash|secret_sealed|4242424242424242/);
    }
  });

  it("payment methods expose brand, last four and expiry only — never the number or CVC", async () => {
    const a = await estate();
    const res = await api("GET", "/v1/billing/payment-methods", { token: a.user.token });
    const text = res.text;
    expect(text).toContain("4242");
    expect(text).not.toContain("4242424242424242");
    expect(text).not.toMatch(/"cvc"|"number"/);
  });
});
