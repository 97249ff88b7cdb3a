import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startWrangler } from "./support/wrangler";

// The README's curl walkthrough, against a real `wrangler dev`.
describe("README flow against wrangler dev", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startWrangler();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("registers, logs in and reads /v1/users/me", async () => {
    const email = `readme.${Date.now()}@example.com`;
    const reg = await fetch(`${server.url}/v1/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email,
        username: "ada",
        password: "correct-horse-42",
        tier: "basic",
        marketing_consent: false,
      }),
    });
    expect(reg.status).toBe(201);

    const login = await fetch(`${server.url}/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct-horse-42" }),
    });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { token: string; expires_in: number } };
    expect(data.expires_in).toBe(86400);

    const me = await fetch(`${server.url}/v1/users/me`, { headers: { authorization: `Bearer ${data.token}` } });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { success: boolean; data: { email: string; credits: number } };
    expect(body.success).toBe(true);
    expect(body.data.email).toBe(email);
    expect(body.data.credits).toBe(100);
    expect(me.headers.get("x-request-id")).toMatch(/^req_\d+$/);
  });
});
