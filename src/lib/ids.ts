/**
 * Ids are `<prefix>_<digits>` (spec part 2). The digits are the creation time
 * in milliseconds followed by 6 random digits: sortable by creation, and
 * unguessable enough that enumeration finds nothing (ownership is checked
 * anyway: another user's resource is a 404).
 */
export type IdPrefix = "user" | "session" | "analysis" | "webhook" | "txn" | "pm" | "req" | "key" | "client" | "evt" | "dlv" | "led" | "rt" | "code";

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  const random = new Uint32Array(1);
  crypto.getRandomValues(random);
  const suffix = (random[0]! % 1_000_000).toString().padStart(6, "0");
  return `${prefix}_${now}${suffix}`;
}

/** Random bytes as base64url, for opaque secrets (refresh tokens, API keys). */
export function randomToken(bytes = 32): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return base64url(buf);
}

export function base64url(buf: Uint8Array): string {
  let s = "";
  for (const b of buf) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function base64(buf: Uint8Array): string {
  let s = "";
  for (const b of buf) s += String.fromCharCode(b);
  return btoa(s);
}

export function fromBase64(s: string): Uint8Array {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
