import { describe, expect, it } from "vitest";
import {
  crc32,
  displayPrefix,
  generateApiKey,
  hasValidChecksum,
  looksLikeApiKey,
} from "../../../src/domain/identity/api-keys/format";

describe("API key format", () => {
  it("is sak_<env>_ + 43 base62 chars + a 6-char CRC32 checksum", () => {
    const key = generateApiKey("production");
    expect(key).toMatch(/^sak_live_[0-9A-Za-z]{49}$/);
    expect(generateApiKey("development")).toMatch(/^sak_test_/);
    expect(hasValidChecksum(key)).toBe(true);
    expect(looksLikeApiKey(key)).toBe(true);
    expect(looksLikeApiKey("eyJhbGciOi")).toBe(false);
    expect(displayPrefix(key)).toHaveLength(16);
  });

  it("rejects a key with one character changed (checksum)", () => {
    const key = generateApiKey("production");
    const i = 20;
    const flipped = key.slice(0, i) + (key[i] === "a" ? "b" : "a") + key.slice(i + 1);
    expect(hasValidChecksum(flipped)).toBe(false);
    expect(hasValidChecksum(key.slice(0, -1))).toBe(false);
    expect(hasValidChecksum("sak_live_short")).toBe(false);
  });

  it("computes the standard CRC-32", () => {
    expect(crc32("123456789")).toBe(0xcbf43926);
  });

  it("keys are unique", () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey("production")));
    expect(keys.size).toBe(200);
  });
});
