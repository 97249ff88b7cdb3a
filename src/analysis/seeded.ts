import { sha256Bytes } from "../lib/crypto";
/** A seeded pseudo-random source: the same seed gives the same sequence. */
export interface Rng {
  next(): number;
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** A 32-bit seed from SHA-256 of the text. */
export async function seedOf(text: string): Promise<number> {
  const digest = await sha256Bytes(text);
  return ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
}

/** mulberry32: small, fast and good enough for varied, reproducible output. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}
