import type { Document } from "@xmldom/xmldom";
import { children, escapeXml, NS, onlyChild, parseUntrustedXml, textOf } from "./xml";

const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

/** Our SP metadata (saml-metadata-2.0-os §2.4.4) for the customer to load into their IdP. */
export function spMetadataXml(sp: { entityId: string; acsUrl: string }): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<md:EntityDescriptor xmlns:md="${NS.metadata}" entityID="${escapeXml(sp.entityId)}">` +
    `<md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="${NS.protocol}">` +
    `<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>` +
    `<md:AssertionConsumerService Binding="${POST}" Location="${escapeXml(sp.acsUrl)}" index="0" isDefault="true"/>` +
    `</md:SPSSODescriptor></md:EntityDescriptor>\n`
  );
}

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/**
 * Reads an IdP's metadata XML (as pasted by an admin): its entity id, the HTTP-Redirect
 * SingleSignOnService and every signing certificate (several while the IdP rotates). Null when the
 * document is not IdP metadata or lacks one of those.
 */
export async function parseIdpMetadata(xml: string): Promise<IdpMetadata | null> {
  let doc: Document;
  try {
    doc = await parseUntrustedXml(xml);
  } catch {
    return null;
  }
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== NS.metadata || root.localName !== "EntityDescriptor") return null;
  const entityId = root.getAttribute("entityID");
  const idp = onlyChild(root, NS.metadata, "IDPSSODescriptor");
  if (!entityId || !idp) return null;
  const sso = children(idp, NS.metadata, "SingleSignOnService").find((s) => s.getAttribute("Binding") === REDIRECT);
  const certificates: string[] = [];
  for (const kd of children(idp, NS.metadata, "KeyDescriptor")) {
    const use = kd.getAttribute("use");
    if (use !== null && use !== "signing") continue;
    const keyInfo = onlyChild(kd, NS.dsig, "KeyInfo");
    const data = keyInfo ? onlyChild(keyInfo, NS.dsig, "X509Data") : null;
    for (const cert of data ? children(data, NS.dsig, "X509Certificate") : []) {
      certificates.push(textOf(cert).replace(/\s+/g, ""));
    }
  }
  const ssoUrl = sso?.getAttribute("Location");
  if (!ssoUrl || certificates.length === 0) return null;
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}
