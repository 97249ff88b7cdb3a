import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../src/bindings";
import { configOf } from "../../src/context/config";
import { testConfig } from "../support/context";

describe("the configuration the domain reads", () => {
  it("the console origin and WebAuthn RP id default to the issuer and its host where unset (development)", () => {
    const dev = testConfig({ AUTH_ISSUER: "http://127.0.0.1:8787" });
    expect(dev.consoleOrigin).toBe("http://127.0.0.1:8787");
    expect(dev.webauthnRpId).toBe("127.0.0.1");
    expect(testConfig({ AUTH_ISSUER: "http://localhost:8787" }).webauthnRpId).toBe("localhost");
    // An empty var (staging/production before their address is written) counts as unset.
    expect(testConfig({ AUTH_ISSUER: "https://api.acme.io", CONSOLE_ORIGIN: "" }).consoleOrigin).toBe(
      "https://api.acme.io",
    );
  });

  it("the configured values win", () => {
    const prod = testConfig({
      AUTH_ISSUER: "https://api.acme.io",
      CONSOLE_ORIGIN: "https://api.acme.io",
      WEBAUTHN_RP_ID: "acme.io",
    });
    expect(prod.consoleOrigin).toBe("https://api.acme.io");
    expect(prod.webauthnRpId).toBe("acme.io");
  });

  it("is parsed once per set of bindings", () => {
    const bindings = { ...(env as unknown as Bindings) };
    expect(configOf(bindings)).toBe(configOf(bindings));
  });
});
