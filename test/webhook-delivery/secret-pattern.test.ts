import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateSecret, SECRET_PATTERN, secretWeakness } from "../../src/domain/webhooks/secrets";
import { base64 } from "../../src/lib/encoding";

// The document's `secret` pattern and the service's rule must take exactly the same secrets: a
// client (or Schemathesis's positive_data_acceptance / negative_data_rejection) reads only the pattern.
const pattern = new RegExp(SECRET_PATTERN);
const agree = (secret: string): void => {
  expect(pattern.test(secret), secret).toBe(secretWeakness(secret) === null);
};

const printable = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));
const fewDistinct = fc.constantFrom(..."abcdefghijkl");

describe("the webhook secret's pattern is the service's rule", () => {
  it("on the edges of each rule", () => {
    const cases = [
      generateSecret(),
      "0123456789abcdef0123456789abcdef",
      "0123456789abcdef0123456789abcde", // 31
      "abababababababababababababababababab", // two distinct
      `${"abcdefghi".repeat(4)}iiii`, // nine distinct
      `${"abcdefghij".repeat(4)}`, // ten distinct
      "x".repeat(128),
      `0123456789${"x".repeat(119)}`, // 129
      "with spaces 0123456789abcdef0123456789",
      `whsec_${btoa("x".repeat(23))}`,
      `whsec_${btoa("x".repeat(24))}`,
      `whsec_${btoa("x".repeat(64))}`,
      `whsec_${btoa("x".repeat(65))}`,
      `whsec_${btoa("x".repeat(25)).replace(/=+$/, "")}`, // unpadded
      "whsec_0123456789abcdef0123456789abcdef!!", // not base64
      "whsec0123456789abcdef0123456789abcdef", // a raw secret, prefix-like
    ];
    for (const secret of cases) agree(secret);
    expect(cases.filter((s) => pattern.test(s))).toHaveLength(6);
  });

  it("for any printable string, any prefixed base64 and any near-miss", () => {
    const raw = fc.oneof(
      fc.array(printable, { minLength: 28, maxLength: 132 }).map((a) => a.join("")),
      fc.array(fewDistinct, { minLength: 30, maxLength: 40 }).map((a) => a.join("")),
      fc.string({ minLength: 30, maxLength: 40 }),
    );
    const prefixed = fc
      .tuple(fc.uint8Array({ minLength: 20, maxLength: 68 }), fc.integer({ min: 0, max: 3 }))
      .map(([bytes, cut]) => `whsec_${base64(bytes).slice(0, cut === 0 ? undefined : -cut)}`);
    fc.assert(fc.property(fc.oneof(raw, prefixed), agree), { numRuns: 2000 });
  });
});
