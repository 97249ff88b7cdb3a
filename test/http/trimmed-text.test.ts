import { describe, expect, it } from "vitest";
import { trimmedText } from "../../src/http/schemas";
import { registerUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";
import { servedOpenApiDocument } from "../support/openapi";
import { createSession } from "../support/sessions";

const sources = import.meta.glob<string>("../../src/**/*.ts", { query: "?raw", import: "default", eager: true });

/** A zod string chain that trims: `z.string()` (or `z\n.string()`), any calls, then `.trim()`. */
const TRIMMING_CHAIN = /z\s*\.\s*string\(\)(?:\s*\.\s*\w+\((?:[^()]|\([^()]*\))*\))*?\s*\.\s*trim\(\)/;

// What a client's validator (or the fuzzer) reads in the document and what the service takes must be
// one rule: lengths and the non-blank pattern on the value as sent, trimming after (docs/decisions.md,
// "API fuzzer").
describe("trimmed text (src/http/schemas.ts trimmedText)", () => {
  it("refuses exactly the strings String.prototype.trim empties, for every UTF-16 unit", () => {
    const one = trimmedText(1);
    const disagree: string[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      const ch = String.fromCharCode(unit);
      if (one.safeParse(ch).success !== (ch.trim() !== "")) disagree.push(unit.toString(16));
    }
    expect(disagree).toEqual([]);
  });

  it("checks the length as sent and gives the value trimmed", () => {
    const three = trimmedText(3);
    expect(three.parse(" a ")).toBe("a");
    expect(three.safeParse(" ab ").success).toBe(false);
    expect(three.safeParse("").success).toBe(false);
  });

  it("is the one place a schema trims", () => {
    expect(TRIMMING_CHAIN.test('z.string().trim().min(1).max(100).openapi({ example: "x" })')).toBe(true);
    expect(TRIMMING_CHAIN.test("z\n  .string()\n  .min(3)\n  .regex(/^[a-z]+$/, 'letters')\n  .trim()")).toBe(true);
    const trimming = Object.entries(sources)
      .filter(([path, text]) => !path.endsWith("/src/http/schemas.ts") && TRIMMING_CHAIN.test(text))
      .map(([path]) => path);
    expect(trimming).toEqual([]);
  });

  it("every trimmed field says so in the served document: minLength 1, its maxLength, the non-blank pattern", async () => {
    const { schemas } = (await servedOpenApiDocument()).components;
    const pattern = trimmedText(1).toJSONSchema().pattern;
    const fields: Array<[string, number]> = [
      [schemas.CreateSessionRequest.properties.cue, 2000],
      [schemas.SessionMetadataInput.properties.tags.items, 50],
      [schemas.UpdateSessionRequest.properties.metadata.properties.tags.items, 50],
      [schemas.CreateApiKeyRequest.properties.name, 100],
      [schemas.CreateOAuthClientRequest.properties.name, 100],
      [schemas.CreateOrganizationRequest.properties.name, 100],
      [schemas.RenameOrganizationRequest.properties.name, 100],
      [schemas.PasskeyRegistrationRequest.properties.name, 64],
      [schemas.PasskeyRenameRequest.properties.name, 64],
      [schemas.ForgotPasswordRequest.properties.email, 254],
      [schemas.ResetPasswordRequest.properties.token, 200],
    ];
    for (const [schema, max] of fields)
      expect(schema).toMatchObject({ type: "string", minLength: 1, maxLength: max, pattern });
  });

  it("a session's tags: blank is refused, spaces around are removed, too long with them is refused", async () => {
    const u = await registerUser();
    const { id } = await createSession(u.token);
    const put = (tags: string[]) => api("PUT", `/v1/sessions/${id}`, { token: u.token, body: { metadata: { tags } } });
    const blank = expectErrorEnvelope(await put(["ok", " \u00a0 "]), 422, "INVALID_FIELD_VALUE");
    expect(blank.details.field).toBe("metadata.tags.1");
    const long = expectErrorEnvelope(await put([` ${"x".repeat(50)}`]), 422, "FIELD_TOO_LONG");
    expect(long.details.field).toBe("metadata.tags.0");
    const spaced = await put([" north ", "x".repeat(50)]);
    expect(spaced.status, spaced.text).toBe(200);
    expect(spaced.body.data.metadata.tags).toEqual(["north", "x".repeat(50)]);
  });
});
