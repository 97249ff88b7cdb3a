import type { Element } from "@xmldom/xmldom";
import { NS, xmlLibraries } from "../../src/domain/identity/sso/saml/xml";
import { fromBase64 } from "../../src/lib/encoding";

/**
 * Builds SAML Responses the way an IdP does and signs them with xmldsigjs (RSA-SHA256, exclusive
 * c14n, enveloped): the material for the verifier's tests, tampering included.
 */
export const SP = { entityId: "https://sp.test/saml/metadata", acsUrl: "https://sp.test/saml/acs" };
export const IDP_ENTITY_ID = "https://idp.test/metadata";

export interface ResponseOptions {
  responseId?: string;
  assertionId?: string;
  nameId?: string;
  audience?: string;
  recipient?: string;
  destination?: string;
  inResponseTo?: string | null;
  issuer?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  issueInstant?: Date;
  attributes?: Record<string, string[]>;
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

export function responseXml(o: ResponseOptions = {}): string {
  const now = o.issueInstant ?? new Date();
  const notBefore = o.notBefore ?? new Date(now.getTime() - 30_000);
  const notOnOrAfter = o.notOnOrAfter ?? new Date(now.getTime() + 300_000);
  const irt = o.inResponseTo === undefined ? "_req1" : o.inResponseTo;
  const irtAttr = irt === null ? "" : ` InResponseTo="${irt}"`;
  const attrs = Object.entries(o.attributes ?? { email: ["alice@example.com"] })
    .map(
      ([name, values]) =>
        `<saml:Attribute Name="${name}">${values.map((v) => `<saml:AttributeValue>${v}</saml:AttributeValue>`).join("")}</saml:Attribute>`,
    )
    .join("");
  return (
    `<samlp:Response xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${o.responseId ?? "_resp1"}" Version="2.0"` +
    ` IssueInstant="${iso(now)}" Destination="${o.destination ?? SP.acsUrl}"${irtAttr}>` +
    `<saml:Issuer>${o.issuer ?? IDP_ENTITY_ID}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${o.assertionId ?? "_assert1"}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${o.issuer ?? IDP_ENTITY_ID}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.nameId ?? "alice@example.com"}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData NotOnOrAfter="${iso(notOnOrAfter)}" Recipient="${o.recipient ?? SP.acsUrl}"${irtAttr}/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(notBefore)}" NotOnOrAfter="${iso(notOnOrAfter)}">` +
    `<saml:AudienceRestriction><saml:Audience>${o.audience ?? SP.entityId}</saml:Audience></saml:AudienceRestriction>` +
    `</saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attrs}</saml:AttributeStatement>` +
    `</saml:Assertion></samlp:Response>`
  );
}

function pemBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, "").replace(/\s+/g, "");
}

async function importPrivateKey(pem: string, hash: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "pkcs8",
    fromBase64(pemBody(pem)) as Uint8Array<ArrayBuffer>,
    { name: "RSASSA-PKCS1-v1_5", hash },
    false,
    ["sign"],
  );
}

/**
 * Signs the element with ID `id` in `xml` (enveloped signature placed after its Issuer, as
 * saml-core §5 wants) and returns the new document text.
 */
export async function signElement(
  xml: string,
  id: string,
  keyPair: { key: string; cert: string },
  hash: "SHA-256" | "SHA-1" = "SHA-256",
): Promise<string> {
  const { DOMParser, XMLSerializer, xmldsig } = await xmlLibraries();
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const target = findById(doc.documentElement as Element, id);
  if (!target) throw new Error(`no element ${id}`);
  const key = await importPrivateKey(keyPair.key, hash);
  const signer = new xmldsig.SignedXml();
  signer.XmlSignature.SignedInfo.CanonicalizationMethod.Algorithm = "http://www.w3.org/2001/10/xml-exc-c14n#";
  const signature = await signer.Sign(
    { name: "RSASSA-PKCS1-v1_5" } as never,
    key,
    doc as never,
    {
      references: [{ uri: `#${id}`, hash, transforms: ["enveloped", "exc-c14n"] }],
      x509: [pemBody(keyPair.cert)],
    } as never,
  );
  const sigEl = doc.importNode(signature.GetXml() as never, true);
  let issuer = target.firstChild;
  while (issuer && !(issuer.nodeType === 1 && (issuer as Element).localName === "Issuer")) issuer = issuer.nextSibling;
  target.insertBefore(sigEl, issuer ? issuer.nextSibling : target.firstChild);
  return new XMLSerializer().serializeToString(doc);
}

function findById(el: Element, id: string): Element | null {
  if (el.getAttribute("ID") === id) return el;
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1) {
      const found = findById(c as Element, id);
      if (found) return found;
    }
  }
  return null;
}

export function b64(xml: string): string {
  const bytes = new TextEncoder().encode(xml);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}
