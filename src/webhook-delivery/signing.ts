import { base64 } from "../lib/encoding";

/**
 * Standard Webhooks signature: `v1,` + base64(HMAC-SHA256(key, "{id}.{timestamp}.{body}"))
 * where timestamp is the webhook-timestamp header (Unix seconds).
 */
export async function signature(
  keyBytes: Uint8Array,
  msgId: string,
  timestampSeconds: number,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${msgId}.${timestampSeconds}.${body}`));
  return `v1,${base64(new Uint8Array(mac))}`;
}

/**
 * The headers of one attempt, signed with every key given (the current secret first, then the
 * one a rotation replaced while it overlaps): `webhook-signature` lists one `v1,` signature per
 * key, space-delimited, and a receiver accepts the message if any matches a secret it holds
 * (Standard Webhooks, "Signature scheme").
 */
export async function signedHeaders(
  keys: readonly Uint8Array[],
  msgId: string,
  now: number,
  body: string,
): Promise<Record<string, string>> {
  const timestamp = Math.floor(now / 1000);
  const signatures = await Promise.all(keys.map((key) => signature(key, msgId, timestamp, body)));
  return {
    "content-type": "application/json",
    "user-agent": "SessionAnalysis-Webhooks/1.0",
    "webhook-id": msgId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatures.join(" "),
  };
}
