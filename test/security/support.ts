import { addCard } from "../support/billing";
import { registerUser, type TestUser } from "../support/factories";
import { api, BASE, workerFetch } from "../support/http";
import { createClient } from "../support/oauth";
import { receiverBucket } from "../support/receiver";
import { heldSession } from "../support/sessions";

/** One user owning one of every resource kind, with the secrets shown to them once. */
export interface Estate {
  user: TestUser;
  sessionId: string;
  cue: string;
  webhookId: string;
  webhookSecret: string;
  deliveryId: string;
  paymentMethodId: string;
  apiKeyId: string;
  apiKey: string;
  clientId: string;
  clientSecret: string;
}

export async function estate(): Promise<Estate> {
  const user = await registerUser();
  const cue = `Private target ${crypto.randomUUID()}`;
  const session = await heldSession(user.token, { cue });
  const hook = await api("POST", "/v1/webhooks", {
    token: user.token,
    body: { url: receiverBucket().url(), events: ["session.completed"] },
  });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.text}`);
  const ping = await api("POST", `/v1/webhooks/${hook.body.data.id}/test`, { token: user.token });
  if (ping.status !== 202 && ping.status !== 200) throw new Error(`ping: ${ping.status} ${ping.text}`);
  const key = await api("POST", "/v1/api-keys", {
    token: user.token,
    body: { name: "estate", scopes: ["profile", "remote-viewing:read"] },
  });
  if (key.status !== 201) throw new Error(`api key: ${key.text}`);
  const client = await createClient(user.token);
  return {
    user,
    sessionId: session.id,
    cue,
    webhookId: hook.body.data.id,
    webhookSecret: hook.body.data.secret,
    deliveryId: ping.body.data.delivery_id,
    paymentMethodId: await addCard(user.token),
    apiKeyId: key.body.data.id,
    apiKey: key.body.data.key,
    clientId: client.client_id,
    clientSecret: client.client_secret!,
  };
}

/** A WebSocket upgrade request to /v1/ws/{id} (no socket is kept). */
export async function wsUpgrade(sessionId: string, token: string) {
  const res = await workerFetch(
    new Request(`${BASE}/v1/ws/${sessionId}`, { headers: { Upgrade: "websocket", authorization: `Bearer ${token}` } }),
  );
  const text = await res.text();
  res.webSocket?.accept();
  res.webSocket?.close(1000);
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined, webSocket: res.webSocket };
}
