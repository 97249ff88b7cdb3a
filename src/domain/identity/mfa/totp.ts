import { Secret, TOTP } from "otpauth";
import qrcode from "qrcode-generator";

/** RFC 6238 as authenticator apps implement it (Google Authenticator's key-uri format): SHA-1, 6 digits, 30 s. */
const TOTP_PERIOD_SECONDS = 30;
/** ±1 step: a code from the previous or next 30 s is accepted (clock drift, RFC 6238 §5.2); two away is not. */
const TOTP_SKEW_STEPS = 1;
const TOTP_ISSUER = "Session Analysis";

const totpFor = (secretBase32: string, label = "") =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A fresh 160-bit secret (RFC 4226 §4 recommends 160 bits), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the person scans once: the otpauth:// URI and the same URI as a QR code drawn here as SVG. */
export function enrolmentOf(secretBase32: string, accountName: string) {
  const uri = totpFor(secretBase32, accountName).toString();
  const qr = qrcode(0, "M");
  qr.addData(uri);
  qr.make();
  return { uri, qrSvg: qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true }) };
}

/**
 * The time step `code` belongs to (within ±TOTP_SKEW_STEPS of `now`), or null. The caller still
 * has to accept the step once (src/db/mfa.ts acceptTotpStepWrite) so a replayed code is refused.
 */
export function matchingStep(secretBase32: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now, window: TOTP_SKEW_STEPS });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
