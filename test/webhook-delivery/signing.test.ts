import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { configOf } from "../../src/context/config";
import { dataEncryptionKey } from "../../src/domain/encryption/data-key";
import { open, seal } from "../../src/domain/encryption/secret-box";
import { generateSecret, secretWeakness, signingKeyBytes } from "../../src/domain/webhooks/secrets";
import { signedHeaders } from "../../src/webhook-delivery/signing";
import { testConfig } from "../support/context";

describe("signing", () => {
  it("matches the Standard Webhooks reference library for generated and client-chosen secrets", async () => {
    const body = JSON.stringify({ type: "session.completed", timestamp: "2026-01-01T00:00:00.000Z", data: { a: 1 } });
    const generated = generateSecret();
    const headers = await signedHeaders([signingKeyBytes(generated)], "dlv_1", Date.now(), body);
    expect(new Webhook(generated).verify(body, headers)).toEqual(JSON.parse(body));

    const chosen = "my-own-Secret-with-enough-entropy-42!";
    const h2 = await signedHeaders([signingKeyBytes(chosen)], "dlv_2", Date.now(), body);
    expect(() => new Webhook(chosen, { format: "raw" }).verify(body, h2)).not.toThrow();
    expect(() => new Webhook(`whsec_${btoa(chosen)}`).verify(body, h2)).not.toThrow();
    expect(() => new Webhook(generateSecret()).verify(body, h2)).toThrow();
    expect(() => new Webhook(`whsec_${btoa(chosen)}`).verify(`${body} `, h2)).toThrow(); // tampered body
  });

  it("documents the minimum strength", () => {
    expect(secretWeakness(generateSecret())).toBeNull();
    expect(secretWeakness("0123456789abcdef0123456789abcdef")).toBeNull();
    expect(secretWeakness("0123456789abcdef0123456789abcde")).toMatch(/at least 32/);
    expect(secretWeakness("abababababababababababababababababab")).toMatch(/distinct/);
    expect(secretWeakness("with spaces 0123456789abcdef0123456789")).toMatch(/printable/);
    expect(secretWeakness(`whsec_${btoa("x".repeat(23))}`)).toMatch(/24 to 64 bytes/);
  });
});

describe("sealed secrets", () => {
  it("round-trips, and is bound to its row", async () => {
    const key = await dataEncryptionKey(configOf(env));
    const box = await seal(key, "s3cret", "webhook_1");
    expect(box).not.toContain("s3cret");
    expect(await open(key, box, "webhook_1")).toBe("s3cret");
    expect(await open(key, box, "webhook_2")).toBeNull();
    expect(await open(key, `${box.slice(0, -4)}AAAA`, "webhook_1")).toBeNull();
  });

  it("production refuses to run without DATA_ENCRYPTION_KEY or with a malformed one", async () => {
    await expect(dataEncryptionKey(testConfig({ ENVIRONMENT: "production" }))).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
    });
    await expect(
      dataEncryptionKey(testConfig({ ENVIRONMENT: "production", DATA_ENCRYPTION_KEY: btoa("short") })),
    ).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    await expect(dataEncryptionKey(testConfig({ ENVIRONMENT: "development" }))).resolves.toBeDefined(); // ephemeral development key
  });
});
