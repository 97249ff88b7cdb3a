import { describe, expect, it } from "vitest";
import { parseIdpMetadata } from "../../../../src/domain/identity/sso/saml/metadata";

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";

// Shaped like SimpleSAMLphp's /saml2/idp/metadata.php (an XML declaration, a signing and an encryption key).
function idpMetadata(prolog = '<?xml version="1.0"?>\n') {
  const key = (use: string, cert: string) =>
    `<md:KeyDescriptor use="${use}"><ds:KeyInfo xmlns:ds="${DS}"><ds:X509Data>
      <ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
  return `${prolog}<md:EntityDescriptor xmlns:md="${MD}" xmlns:ds="${DS}" entityID="https://idp.example.test/metadata">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    ${key("signing", "MIIBsigning")}${key("encryption", "MIIBencryption")}
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.test/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

describe("IdP metadata import", async () => {
  it("reads the entity id, the redirect SSO URL and only the signing certificates, with or without a declaration", async () => {
    for (const prolog of ['<?xml version="1.0"?>\n', '<?xml version="1.0" encoding="UTF-8"?>', ""]) {
      expect(await parseIdpMetadata(idpMetadata(prolog))).toEqual({
        entityId: "https://idp.example.test/metadata",
        ssoUrl: "https://idp.example.test/sso",
        certificates: ["MIIBsigning"],
      });
    }
  });

  it("refuses a DTD and any processing instruction but the leading declaration", async () => {
    expect(await parseIdpMetadata(idpMetadata('<!DOCTYPE x [<!ENTITY e "x">]>'))).toBeNull();
    expect(await parseIdpMetadata(idpMetadata('<?xml-stylesheet href="x"?>'))).toBeNull();
    const inner = idpMetadata().replace("<md:IDPSSODescriptor", '<?xml version="1.0"?><md:IDPSSODescriptor');
    expect(await parseIdpMetadata(inner)).toBeNull();
  });
});
