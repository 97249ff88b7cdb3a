/**
 * The tests' own RFC 6238 (TOTP over RFC 4226 HOTP) on WebCrypto HMAC-SHA1, independent of the
 * library the service uses, checked against RFC 6238 Appendix B in test/routes/auth/mfa.test.ts.
 */
const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(s: string): Uint8Array {
  const clean = s.replace(/=+$/, "").toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const i = B32.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** HOTP(K, T) with T = floor(unixSeconds / 30) (RFC 6238 §4.2), `digits` long. */
export async function totpAt(key: Uint8Array, unixSeconds: number, digits = 6): Promise<string> {
  const counter = Math.floor(unixSeconds / 30);
  const msg = new Uint8Array(8);
  new DataView(msg.buffer).setBigUint64(0, BigInt(counter));
  const k = await crypto.subtle.importKey(
    "raw",
    key as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", k, msg));
  const offset = mac[19]! & 0x0f; // RFC 4226 §5.4 dynamic truncation
  const bin = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(bin % 10 ** digits).padStart(digits, "0");
}

export const totpFromSecret = (secretBase32: string, unixSeconds: number) =>
  totpAt(base32Decode(secretBase32), unixSeconds);

/**
 * An authenticator app as a person holding it uses it against a live server: each code is from a
 * later 30-second step than the last one used (a code is accepted once), and as near the current
 * step as that allows, waiting for the clock when it must. The server accepts ±1 step (RFC 6238
 * §5.2), so a code from the current or next step stays valid for at least 30 s on its way there,
 * however loaded the machine; one from the previous step could expire in flight.
 */
export function authenticatorApp(secretBase32: string): { nextCode(): Promise<string> } {
  let lastStep = Number.NEGATIVE_INFINITY;
  const currentStep = () => Math.floor(Date.now() / 30_000);
  return {
    async nextCode() {
      const step = Math.max(lastStep + 1, currentStep());
      // Two steps ahead of the clock is outside the window: wait for the next step to begin.
      while (step > currentStep() + 1)
        await new Promise((r) => setTimeout(r, (currentStep() + 1) * 30_000 - Date.now()));
      lastStep = step;
      return totpFromSecret(secretBase32, step * 30);
    },
  };
}
