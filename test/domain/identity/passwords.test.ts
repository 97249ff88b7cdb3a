import { describe, expect, it } from "vitest";
import {
  hashIterations,
  hashPassword,
  PBKDF2_ITERATIONS,
  passwordWeakness,
  verifyPassword,
} from "../../../src/domain/identity/passwords";
import { testConfig } from "../../support/context";

describe("passwords", () => {
  it("hashes with at most the Workers cap of 100,000 PBKDF2 iterations", () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it("hashes new passwords at 100,000 iterations unless a test configuration lowers it (never in production)", async () => {
    expect(await hashPassword("correct-horse-42")).toMatch(/^pbkdf2_sha256\$100000\$/);
    expect(hashIterations(testConfig({ ENVIRONMENT: "development" }))).toBe(100_000);
    expect(hashIterations(testConfig({ ENVIRONMENT: "development", PASSWORD_HASH_ITERATIONS: "1000" }))).toBe(1000);
    expect(hashIterations(testConfig({ ENVIRONMENT: "production", PASSWORD_HASH_ITERATIONS: "1000" }))).toBe(100_000);
    for (const bad of ["0", "-5", "1.5", "abc", "200000", ""])
      expect(hashIterations(testConfig({ ENVIRONMENT: "development", PASSWORD_HASH_ITERATIONS: bad }))).toBe(100_000);
    const cheap = await hashPassword("correct-horse-42", 1000);
    expect(cheap).toMatch(/^pbkdf2_sha256\$1000\$/);
    expect(await verifyPassword("correct-horse-42", cheap)).toBe(true);
    expect(await verifyPassword("correct-horse-43", cheap)).toBe(false);
  });

  it("verifies the right password and rejects others", async () => {
    const stored = await hashPassword("correct-horse-42");
    expect(await verifyPassword("correct-horse-42", stored)).toBe(true);
    expect(await verifyPassword("correct-horse-43", stored)).toBe(false);
    expect(await verifyPassword("correct-horse-42", "garbage")).toBe(false);
  });

  it("refuses hashes asking for more iterations than production allows", async () => {
    await expect(verifyPassword("x", "pbkdf2_sha256$200000$AAAA$AAAA")).rejects.toThrow();
  });

  it("enforces the documented strength rule", () => {
    expect(passwordWeakness("short1")).toMatch(/at least 10/);
    expect(passwordWeakness("abcdefghijk")).toMatch(/letter and one digit/);
    expect(passwordWeakness("12345678901")).toMatch(/letter and one digit/);
    expect(passwordWeakness("ada.lovelace1", "ada.lovelace@example.com")).toMatch(/email/);
    expect(passwordWeakness("correct-horse-42", "ada@example.com")).toBeNull();
  });
});
