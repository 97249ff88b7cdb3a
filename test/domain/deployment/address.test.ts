import { describe, expect, it } from "vitest";
import { consoleOrigin, webauthnRpId } from "../../../src/domain/deployment/address";

describe("the address other code reads", () => {
  it("the console origin and WebAuthn RP id default to the issuer and its host where unset (development)", () => {
    const dev = { AUTH_ISSUER: "http://127.0.0.1:8787" };
    expect(consoleOrigin(dev)).toBe("http://127.0.0.1:8787");
    expect(webauthnRpId({ AUTH_ISSUER: "http://localhost:8787" })).toBe("localhost");
    // An empty var (staging/production before their address is written) counts as unset.
    expect(consoleOrigin({ AUTH_ISSUER: "https://api.acme.io", CONSOLE_ORIGIN: "" })).toBe("https://api.acme.io");
  });

  it("the configured values win", () => {
    const prod = {
      AUTH_ISSUER: "https://api.acme.io",
      CONSOLE_ORIGIN: "https://api.acme.io",
      WEBAUTHN_RP_ID: "acme.io",
    };
    expect(consoleOrigin(prod)).toBe("https://api.acme.io");
    expect(webauthnRpId(prod)).toBe("acme.io");
  });
});
