import { describe, expect, inject, it } from "vitest";
import {
  type SamlVerificationSettings,
  verifySamlResponse,
} from "../../../../src/domain/identity/sso/saml/verify-response";
import { b64, IDP_ENTITY_ID, responseXml, SP, signElement } from "../../../support/saml";

const keys = inject("samlKeys");

function settings(overrides: Partial<SamlVerificationSettings> = {}): SamlVerificationSettings {
  return {
    spEntityId: SP.entityId,
    acsUrl: SP.acsUrl,
    idpEntityId: IDP_ENTITY_ID,
    certificates: [keys.idp.cert],
    now: new Date(),
    ...overrides,
  };
}

async function refused(xml: string, reason: RegExp, s = settings()) {
  await expect(verifySamlResponse(b64(xml), s)).rejects.toMatchObject({ name: "SamlRejection", reason });
}

describe("SAML Response verification", () => {
  it("accepts an assertion signed with the configured certificate and reads it", async () => {
    const xml = await signElement(responseXml({ attributes: { groups: ["admins", "staff"] } }), "_assert1", keys.idp);
    const verified = await verifySamlResponse(b64(xml), settings());
    expect(verified).toMatchObject({
      assertionId: "_assert1",
      nameId: "alice@example.com",
      inResponseTo: "_req1",
      attributes: { groups: ["admins", "staff"] },
    });
  });

  it("accepts a signature over the whole Response", async () => {
    const xml = await signElement(responseXml(), "_resp1", keys.idp);
    expect((await verifySamlResponse(b64(xml), settings())).nameId).toBe("alice@example.com");
  });

  it("accepts either configured certificate while the IdP rotates", async () => {
    const xml = await signElement(responseXml(), "_assert1", keys.idpNext);
    const s = settings({ certificates: [keys.idp.cert, keys.idpNext.cert] });
    expect((await verifySamlResponse(b64(xml), s)).nameId).toBe("alice@example.com");
    await refused(xml, /does not verify/);
  });

  it("refuses an unsigned response", async () => {
    await refused(responseXml(), /neither the Response nor the Assertion is signed/);
  });

  it("refuses a signature by a certificate that is not configured", async () => {
    await refused(await signElement(responseXml(), "_assert1", keys.attacker), /does not verify/);
  });

  it("refuses a tampered assertion", async () => {
    const xml = await signElement(responseXml(), "_assert1", keys.idp);
    await refused(
      xml.replace("alice@example.com</saml:NameID>", "mallory@example.com</saml:NameID>"),
      /does not verify/,
    );
  });

  it("refuses a wrong audience, recipient, destination or issuer", async () => {
    await refused(await signElement(responseXml({ audience: "https://other.test" }), "_assert1", keys.idp), /Audience/);
    await refused(
      await signElement(responseXml({ recipient: "https://other.test/acs" }), "_assert1", keys.idp),
      /Recipient/,
    );
    await refused(
      await signElement(responseXml({ destination: "https://x.test/acs" }), "_assert1", keys.idp),
      /Destination/,
    );
    await refused(await signElement(responseXml({ issuer: "https://evil.test" }), "_assert1", keys.idp), /Issuer/);
  });

  it("refuses an expired assertion beyond the skew and accepts one inside it", async () => {
    const issued = new Date(Date.now() - 10 * 60_000);
    const xml = await signElement(
      responseXml({ issueInstant: issued, notOnOrAfter: new Date(Date.now() - 5 * 60_000) }),
      "_assert1",
      keys.idp,
    );
    await refused(xml, /expir/);
    const late = await signElement(
      responseXml({ issueInstant: issued, notOnOrAfter: new Date(Date.now() - 60_000) }),
      "_assert1",
      keys.idp,
    );
    expect((await verifySamlResponse(b64(late), settings())).nameId).toBe("alice@example.com");
  });

  it("refuses an assertion not yet valid", async () => {
    const future = new Date(Date.now() + 10 * 60_000);
    const xml = await signElement(responseXml({ issueInstant: future, notBefore: future }), "_assert1", keys.idp);
    await refused(xml, /NotBefore/);
  });

  it("refuses RSA-SHA1 unless the connection allows it", async () => {
    const xml = await signElement(responseXml(), "_assert1", keys.idp, "SHA-1");
    await refused(xml, /signature algorithm not accepted/);
    expect((await verifySamlResponse(b64(xml), settings({ allowSha1: true }))).nameId).toBe("alice@example.com");
  });

  it("refuses mismatched InResponseTo and reports none for IdP-initiated responses", async () => {
    const xml = responseXml().replace('InResponseTo="_req1">', 'InResponseTo="_other">');
    await refused(await signElement(xml, "_assert1", keys.idp), /InResponseTo mismatch/);
    const unsolicited = await signElement(responseXml({ inResponseTo: null }), "_assert1", keys.idp);
    expect((await verifySamlResponse(b64(unsolicited), settings())).inResponseTo).toBeNull();
  });

  it("refuses a DTD, an entity and a processing instruction", async () => {
    const signed = await signElement(responseXml(), "_assert1", keys.idp);
    await refused(`<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${signed}`, /DTD/);
    await refused(`<?xml-stylesheet href="x"?>${signed}`, /processing instruction/);
    await refused(signed.replace("<saml:Subject>", "<saml:Subject><?evil x?>"), /processing instruction/);
  });

  describe("XML signature wrapping", () => {
    const evil = (id: string) => responseXml({ assertionId: id, nameId: "admin@example.com" });
    const assertionOf = (xml: string) => xml.slice(xml.indexOf("<saml:Assertion"), xml.indexOf("</samlp:Response>"));

    it("refuses a second assertion beside the signed one", async () => {
      const signed = await signElement(responseXml(), "_assert1", keys.idp);
      const wrapped = signed.replace("<saml:Assertion", `${assertionOf(evil("_evil"))}<saml:Assertion`);
      await refused(wrapped, /exactly one Assertion/);
    });

    it("refuses the signed assertion moved into Extensions under an evil one with the same ID", async () => {
      const signed = await signElement(responseXml(), "_assert1", keys.idp);
      const original = assertionOf(signed);
      const wrapped = signed
        .replace(original, assertionOf(evil("_assert1")))
        .replace("<samlp:Status>", `<samlp:Extensions>${original}</samlp:Extensions><samlp:Status>`);
      await refused(wrapped, /duplicate ID/);
    });

    it("refuses an evil assertion carrying the original's signature, the original moved away", async () => {
      const signed = await signElement(responseXml(), "_assert1", keys.idp);
      const original = assertionOf(signed);
      const signature = original.slice(original.indexOf("<ds:Signature"), original.indexOf("</ds:Signature>") + 15);
      const evilAssertion = assertionOf(evil("_evil")).replace("</saml:Issuer>", `</saml:Issuer>${signature}`);
      const wrapped = signed
        .replace(original, evilAssertion)
        .replace("<samlp:Status>", `<samlp:Extensions>${original}</samlp:Extensions><samlp:Status>`);
      await refused(wrapped, /duplicate ID|does not reference its parent/);
    });

    it("refuses the original assertion wrapped in the signature's ds:Object", async () => {
      const signed = await signElement(responseXml(), "_assert1", keys.idp);
      const original = assertionOf(signed);
      const signature = original.slice(original.indexOf("<ds:Signature"), original.indexOf("</ds:Signature>") + 15);
      const originalUnsigned = original.replace(signature, "");
      const objectWrapped = signature.replace(
        "</ds:Signature>",
        `<ds:Object>${originalUnsigned}</ds:Object></ds:Signature>`,
      );
      const evilAssertion = assertionOf(evil("_assert1")).replace("</saml:Issuer>", `</saml:Issuer>${objectWrapped}`);
      await refused(signed.replace(original, evilAssertion), /duplicate ID|ds:Object/);
    });

    it("reads a NameID with an injected comment whole, never the prefix before the comment", async () => {
      const signed = await signElement(responseXml({ nameId: "alice@example.com.evil.test" }), "_assert1", keys.idp);
      const injected = signed.replace("alice@example.com.evil.test", "alice@example.com<!---->.evil.test");
      const verified = await verifySamlResponse(b64(injected), settings());
      expect(verified.nameId).toBe("alice@example.com.evil.test");
    });
  });
});
