import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import { Secret, TOTP } from "otpauth";
import qrcode from "qrcode-generator";
import { describe, expect, it } from "vitest";

// The second-factor libraries run inside workerd (this file runs in the Workers pool): an import
// that pulled in a Node built-in, or crypto workerd lacks, fails here rather than in production.
describe("second-factor libraries in workerd", () => {
  it("@simplewebauthn/server builds registration options (WebAuthn L3 §5.4)", async () => {
    const options = await generateRegistrationOptions({
      rpName: "Session Analysis",
      rpID: "127.0.0.1",
      userName: "ada@example.com",
      userID: new TextEncoder().encode("usr_1") as Uint8Array<ArrayBuffer>,
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    expect(options.rp).toEqual({ name: "Session Analysis", id: "127.0.0.1" });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options.authenticatorSelection?.userVerification).toBe("required");
    // A response that is not one: refused, not thrown past the library as something else.
    await expect(
      verifyRegistrationResponse({
        response: {
          id: "x",
          rawId: "x",
          type: "public-key",
          response: { clientDataJSON: "e30", attestationObject: "oA" },
          clientExtensionResults: {},
        },
        expectedChallenge: options.challenge,
        expectedOrigin: "http://127.0.0.1:8787",
        expectedRPID: "127.0.0.1",
      }),
    ).rejects.toThrow();
  });

  it("otpauth reproduces RFC 6238 Appendix B's SHA-1 vectors", () => {
    const secret = Secret.fromLatin1("12345678901234567890");
    const totp = new TOTP({ secret, algorithm: "SHA1", digits: 8, period: 30 });
    const vectors: Array<[number, string]> = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of vectors) expect(totp.generate({ timestamp: seconds * 1000 })).toBe(code);
  });

  it("qrcode-generator draws an SVG locally", () => {
    const qr = qrcode(0, "M");
    qr.addData("otpauth://totp/Session%20Analysis:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Session%20Analysis");
    qr.make();
    const svg = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(svg).toContain("<path");
  });
});
