import { base64 } from "../lib/encoding";

/**
 * Standard Webhooks signature: `v1,` + base64(HMAC-SHA256(key, "{id}.{timestamp}.{body}"))
 * where timestamp is the webhook-timestamp header (Unix seconds).
 */
async function signature(keyBytes: Uint8Array, msgId: string, timestampSeconds: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${msgId}.${timestampSeconds}.${body}`));
  return `v1,${base64(new Uint8Array(mac))}`;
}

export async function signedHeaders(
  keyBytes: Uint8Array,
  msgId: string,
  now: number,
  body: string,
): Promise<Record<string, string>> {
  const timestamp = Math.floor(now / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "SessionAnalysis-Webhooks/1.0",
    "webhook-id": msgId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": await signature(keyBytes, msgId, timestamp, body),
  };
}
