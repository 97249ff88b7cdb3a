/**
 * The slice of BER (ITU-T X.690) that LDAPv3 uses (RFC 4511 §5.1: definite lengths only): encode
 * tag-length-value elements and read them back from a byte stream.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface Tlv {
  tag: number;
  /** The value bytes (for constructed elements, the encoded children). */
  value: Uint8Array;
}

function lengthBytes(n: number): number[] {
  if (n < 0x80) return [n];
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return [0x80 | out.length, ...out];
}

export function tlv(tag: number, value: Uint8Array): Uint8Array {
  const len = lengthBytes(value.length);
  const out = new Uint8Array(1 + len.length + value.length);
  out[0] = tag;
  out.set(len, 1);
  out.set(value, 1 + len.length);
  return out;
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export const seq = (tag: number, ...children: Uint8Array[]) => tlv(tag, concat(children));
export const octets = (value: string | Uint8Array, tag = 0x04) =>
  tlv(tag, typeof value === "string" ? encoder.encode(value) : value);
export const bool = (value: boolean, tag = 0x01) => tlv(tag, new Uint8Array([value ? 0xff : 0x00]));

/** A non-negative INTEGER / ENUMERATED in minimal two's-complement form. */
export function int(value: number, tag = 0x02): Uint8Array {
  const bytes: number[] = [];
  let v = value;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v > 0);
  if ((bytes[0] as number) & 0x80) bytes.unshift(0);
  return tlv(tag, new Uint8Array(bytes));
}

class BerError extends Error {}

/** Reads one element at `offset`; null when `bytes` does not hold all of it yet. */
export function readTlv(bytes: Uint8Array, offset = 0): { element: Tlv; next: number } | null {
  if (bytes.length < offset + 2) return null;
  const tag = bytes[offset] as number;
  if ((tag & 0x1f) === 0x1f) throw new BerError("multi-byte tags are not used by LDAP");
  let length = bytes[offset + 1] as number;
  let at = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new BerError("indefinite or oversized length");
    if (bytes.length < at + count) return null;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[at + i] as number);
    at += count;
  }
  if (bytes.length < at + length) return null;
  return { element: { tag, value: bytes.subarray(at, at + length) }, next: at + length };
}

/** The children of a constructed element. */
export function childrenOf(element: Tlv): Tlv[] {
  const out: Tlv[] = [];
  let at = 0;
  while (at < element.value.length) {
    const read = readTlv(element.value, at);
    if (!read) throw new BerError("truncated element");
    out.push(read.element);
    at = read.next;
  }
  return out;
}

export function readInt(element: Tlv): number {
  let v = 0;
  for (const b of element.value) v = v * 256 + b;
  return v;
}

export function readString(element: Tlv): string {
  return decoder.decode(element.value);
}
