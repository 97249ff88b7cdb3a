import { timingSafeEqual } from "../../lib/crypto";

/**
 * Stripe's webhook signature (https://docs.stripe.com/webhooks#verify-manually):
 * `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, where each v1 is
 * HMAC-SHA256 keyed with the endpoint's signing secret (`whsec_…`, its UTF-8
 * bytes) over `${t}.${raw body}`. While Stripe rolls a secret it signs with the
 * old and the new one (two v1 values); we may also hold several secrets
 * (STRIPE_WEBHOOK_SECRET comma-separated). Any v1 matching any secret, compared
 * in constant time, within TOLERANCE_SECONDS of now, is valid. Other schemes
 * (v0, the test-mode one) are ignored.
 */
const TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string };

export async function stripeSignature(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${body}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function verifyStripeSignature(
  header: string | undefined,
  body: string,
  secrets: string[],
  nowMs: number,
): Promise<SignatureCheck> {
  if (!header) return { ok: false, reason: "missing Stripe-Signature header" };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null) return { ok: false, reason: "no timestamp in Stripe-Signature" };
  if (signatures.length === 0) return { ok: false, reason: "no v1 signature in Stripe-Signature" };
  if (Math.abs(nowMs / 1000 - timestamp) > TOLERANCE_SECONDS)
    return { ok: false, reason: "timestamp outside the tolerance" };
  let matched = false;
  for (const secret of secrets) {
    const expected = await stripeSignature(secret, timestamp, body);
    // Check every candidate (no early exit), each in constant time.
    for (const candidate of signatures) matched = timingSafeEqual(candidate, expected) || matched;
  }
  return matched ? { ok: true, timestamp } : { ok: false, reason: "no signature matches" };
}

/** The configured signing secrets (comma-separated while rotating). */
export const webhookSecrets = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
