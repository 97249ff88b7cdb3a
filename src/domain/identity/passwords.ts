import { timingSafeEqual } from "../../lib/crypto";
import { base64, fromBase64 } from "../../lib/encoding";
import type { Config } from "../config";
import COMMON_PASSWORDS from "./common-passwords.json";

const COMMON_FULL = new Set(COMMON_PASSWORDS.full);
const COMMON_BASES = new Set(COMMON_PASSWORDS.bases);

/**
 * A password on the shipped list of commonly used ones (NIST SP 800-63B §5.1.1.2: compare against
 * passwords known to be commonly used or compromised): listed as written, or a listed base word
 * with only digits and symbols around it ("Password2026!", "1qaz2wsx!!"). Case-insensitive.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_FULL.has(lower)) return true;
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, "");
  const alnumCore = lower.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, "").replace(/\d+$/, "");
  return COMMON_BASES.has(core) || COMMON_BASES.has(alnumCore);
}

/**
 * PBKDF2-SHA256 through crypto.subtle. Production Workers refuse more than
 * 100,000 iterations (NotSupportedError), so that is both our cost and our cap.
 * Stored form: `pbkdf2_sha256$<iterations>$<salt b64>$<hash b64>`.
 */
export const PBKDF2_ITERATIONS = 100_000;
const MAX_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

/** Documented password rule (docs/decisions.md): 10..128 chars, a letter and a digit. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  if (iterations > MAX_ITERATIONS) throw new Error("PBKDF2 iterations above the Workers cap");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/**
 * The cost of new hashes: PBKDF2_ITERATIONS, or PASSWORD_HASH_ITERATIONS (tests only, ignored
 * in production) so a suite registering thousands of users does not spend most of its CPU
 * here. Verification reads the cost from the stored hash, so either cost verifies.
 */
export function hashIterations(config: Pick<Config, "environment" | "passwordHashIterations">): number {
  if (config.environment === "production" || config.passwordHashIterations === undefined) return PBKDF2_ITERATIONS;
  const n = Number(config.passwordHashIterations);
  return Number.isInteger(n) && n >= 1 && n <= PBKDF2_ITERATIONS ? n : PBKDF2_ITERATIONS;
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = new Uint8Array(SALT_BYTES);
  crypto.getRandomValues(salt);
  const hash = await derive(password, salt, iterations);
  return `pbkdf2_sha256$${iterations}$${base64(salt)}$${base64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterText, saltText, hashText] = stored.split("$");
  if (scheme !== "pbkdf2_sha256" || !iterText || !saltText || !hashText) return false;
  const hash = await derive(password, fromBase64(saltText), Number(iterText));
  return timingSafeEqual(base64(hash), hashText);
}

/**
 * A fixed, valid hash used when the email is unknown, so a login for an
 * unknown account costs the same PBKDF2 work as a wrong password (no
 * account enumeration by timing).
 */
export const DUMMY_PASSWORD_HASH =
  "pbkdf2_sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

/** Why a password is too weak, or null if it passes the documented rule. */
export function passwordWeakness(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return "must contain at least one letter and one digit";
  const local = email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) return "must not contain the email address";
  if (isCommonPassword(password)) return "is a commonly used password; choose another";
  return null;
}
