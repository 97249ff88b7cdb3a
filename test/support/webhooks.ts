import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp } from "../../src/app";
import { type ApiResponse, api, BASE } from "./http";

export const STRONG_SECRET = "a-Very-strong-shared-secret-0123456789";

export function createWebhook(token: string, body: Record<string, unknown>) {
  return api("POST", "/v1/webhooks", { token, body: { events: ["session.completed"], ...body } });
}

/**
 * The app with WEBHOOK_ALLOW_PRIVATE_URLS="false", as staging and production
 * run it (the pool's own bindings allow 127.0.0.1 so the consumer can reach
 * the test receiver).
 */
export async function strictApi(method: string, path: string, token: string, body?: unknown): Promise<ApiResponse> {
  const res = await createApp().request(
    `${BASE}${path}`,
    {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { ...env, WEBHOOK_ALLOW_PRIVATE_URLS: "false" },
    createExecutionContext(),
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}
