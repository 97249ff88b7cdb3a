import type { Document, Element } from "@xmldom/xmldom";
import { fromBase64 } from "../../../../lib/encoding";
import { children, NS, onlyChild, parseUntrustedXml, textOf, UnsafeXmlError, walk, xmlLibraries } from "./xml";

/**
 * Verifies a SAML 2.0 Response received on the ACS (HTTP-POST binding, saml-bindings-2.0-os §3.5)
 * and returns the facts of its one assertion, read only from the element the signature covers.
 * Storage-free: the caller checks InResponseTo against its request store and records the assertion
 * id in its replay cache (both one-time, until `notOnOrAfter`).
 */

/** Clock skew tolerated on NotBefore / NotOnOrAfter: IdP and Workers clocks are NTP-synced. */
const SAML_CLOCK_SKEW_SECONDS = 120;

const RSA = {
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256": "SHA-256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha384": "SHA-384",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512": "SHA-512",
  "http://www.w3.org/2000/09/xmldsig#rsa-sha1": "SHA-1",
} as const;
const DIGESTS = new Set([
  "http://www.w3.org/2001/04/xmlenc#sha256",
  "http://www.w3.org/2001/04/xmldsig-more#sha384",
  "http://www.w3.org/2001/04/xmlenc#sha512",
]);
const SHA1_DIGEST = "http://www.w3.org/2000/09/xmldsig#sha1";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";

export interface SamlVerificationSettings {
  /** Our SP entity id: the only Audience accepted. */
  spEntityId: string;
  /** Our ACS URL: the only Destination / Recipient accepted. */
  acsUrl: string;
  /** The IdP's entity id: the only Issuer accepted. */
  idpEntityId: string;
  /** The IdP's signing certificates (base64 DER or PEM); several while a certificate rotates. */
  certificates: string[];
  /** RSA-SHA1 / SHA-1 digests are refused unless the connection opts in (legacy IdPs). */
  allowSha1?: boolean;
  now: Date;
}

export interface VerifiedAssertion {
  assertionId: string;
  issuer: string;
  nameId: string;
  nameIdFormat: string | null;
  /** The request this answers, or null for an IdP-initiated (unsolicited) response. */
  inResponseTo: string | null;
  /** Until when the assertion may be presented: how long its id stays in the replay cache. */
  notOnOrAfter: Date;
  attributes: Record<string, string[]>;
}

/** Why a response was refused; `reason` goes into the error details (it names no secrets). */
export class SamlRejection extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "SamlRejection";
  }
}

function reject(reason: string): never {
  throw new SamlRejection(reason);
}

export async function verifySamlResponse(
  samlResponseBase64: string,
  settings: SamlVerificationSettings,
): Promise<VerifiedAssertion> {
  let xml: string;
  try {
    xml = new TextDecoder("utf-8", { fatal: true } as TextDecoderConstructorOptions).decode(
      fromBase64(samlResponseBase64.replace(/\s+/g, "")),
    );
  } catch {
    reject("SAMLResponse is not base64 of UTF-8 XML");
  }
  let doc: Document;
  try {
    doc = await parseUntrustedXml(xml);
  } catch (error) {
    reject(error instanceof UnsafeXmlError ? `unsafe or malformed XML (${error.message})` : "malformed XML");
  }
  try {
    return await verifyDocument(doc, settings);
  } catch (error) {
    if (error instanceof UnsafeXmlError) reject(error.message);
    throw error;
  }
}

async function verifyDocument(doc: Document, s: SamlVerificationSettings): Promise<VerifiedAssertion> {
  const response = doc.documentElement;
  if (!response || response.namespaceURI !== NS.protocol || response.localName !== "Response")
    reject("not a SAML Response");
  if (response.getAttribute("Version") !== "2.0") reject("not SAML 2.0");
  assertUniqueIds(doc);

  const destination = response.getAttribute("Destination");
  if (destination !== null && destination !== s.acsUrl) reject("Destination is not this ACS");
  const status = onlyChild(response, NS.protocol, "Status");
  const code = status ? onlyChild(status, NS.protocol, "StatusCode") : null;
  if (code?.getAttribute("Value") !== SUCCESS) reject("the IdP did not report success");
  const responseIssuer = onlyChild(response, NS.assertion, "Issuer");
  if (responseIssuer && textOf(responseIssuer) !== s.idpEntityId) reject("unexpected Issuer");

  if (children(response, NS.assertion, "EncryptedAssertion").length > 0) {
    reject("encrypted assertions are not supported");
  }
  const assertions = children(response, NS.assertion, "Assertion");
  if (assertions.length !== 1) reject("a Response must carry exactly one Assertion");
  const assertion = assertions[0] as Element;

  // The signature on the Response covers the assertion inside it; otherwise the assertion must be
  // signed itself. Any signature present must verify, and each must reference its own parent.
  const responseSignature = onlyChild(response, NS.dsig, "Signature");
  const assertionSignature = onlyChild(assertion, NS.dsig, "Signature");
  if (!responseSignature && !assertionSignature) reject("neither the Response nor the Assertion is signed");
  const keys = await importCertificates(s.certificates, s.allowSha1 === true);
  if (responseSignature) await verifyEnvelopedSignature(doc, responseSignature, response, keys, s.allowSha1 === true);
  if (assertionSignature)
    await verifyEnvelopedSignature(doc, assertionSignature, assertion, keys, s.allowSha1 === true);

  return readAssertion(response, assertion, s);
}

/** Every ID in the document is unique: a reference then resolves to exactly one element. */
function assertUniqueIds(doc: Document) {
  const seen = new Set<string>();
  walk(doc, (node) => {
    if (node.nodeType !== 1) return;
    const el = node as Element;
    for (const name of ["ID", "Id", "id"]) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      if (seen.has(value)) reject("duplicate ID in the document (signature wrapping)");
      seen.add(value);
    }
  });
}

type KeySet = { der: Uint8Array; keys: Map<string, CryptoKey> };

async function importCertificates(certificates: string[], allowSha1: boolean): Promise<KeySet[]> {
  const { xmldsig } = await xmlLibraries();
  const out: KeySet[] = [];
  for (const pem of certificates) {
    const der = fromBase64(pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, ""));
    const keys = new Map<string, CryptoKey>();
    for (const hash of allowSha1 ? ["SHA-256", "SHA-384", "SHA-512", "SHA-1"] : ["SHA-256", "SHA-384", "SHA-512"]) {
      const cert = new xmldsig.X509Certificate(der as Uint8Array<ArrayBuffer>);
      keys.set(hash, await cert.exportKey({ name: "RSASSA-PKCS1-v1_5", hash } as never));
    }
    out.push({ der, keys });
  }
  if (out.length === 0) reject("no IdP certificate is configured");
  return out;
}

async function verifyEnvelopedSignature(
  doc: Document,
  signature: Element,
  signed: Element,
  keys: KeySet[],
  allowSha1: boolean,
) {
  const id = signed.getAttribute("ID");
  if (!id) reject("the signed element has no ID");
  if (children(signature, NS.dsig, "Object").length > 0) reject("ds:Object in a SAML signature (signature wrapping)");
  const signedInfo = onlyChild(signature, NS.dsig, "SignedInfo");
  if (!signedInfo) reject("signature without SignedInfo");
  const c14n = onlyChild(signedInfo, NS.dsig, "CanonicalizationMethod")?.getAttribute("Algorithm");
  if (c14n !== EXC_C14N) reject("canonicalization must be exclusive c14n");
  const method = onlyChild(signedInfo, NS.dsig, "SignatureMethod")?.getAttribute("Algorithm") ?? "";
  const hash = RSA[method as keyof typeof RSA];
  if (!hash || (hash === "SHA-1" && !allowSha1)) reject(`signature algorithm not accepted: ${method || "none"}`);
  const references = children(signedInfo, NS.dsig, "Reference");
  if (references.length !== 1) reject("a SAML signature has exactly one Reference");
  const reference = references[0] as Element;
  // The reference must name the very element the signature sits in: the element we read is the
  // element signed (saml-core-2.0-os §5.4.2), whatever else the document holds.
  if (reference.getAttribute("URI") !== `#${id}`) reject("the signature does not reference its parent element");
  const digest = onlyChild(reference, NS.dsig, "DigestMethod")?.getAttribute("Algorithm") ?? "";
  if (!DIGESTS.has(digest) && !(allowSha1 && digest === SHA1_DIGEST)) reject(`digest not accepted: ${digest}`);
  const transforms = onlyChild(reference, NS.dsig, "Transforms");
  for (const t of transforms ? children(transforms, NS.dsig, "Transform") : []) {
    const alg = t.getAttribute("Algorithm");
    if (alg !== ENVELOPED && alg !== EXC_C14N) reject(`transform not accepted: ${alg}`);
  }

  const { xmldsig } = await xmlLibraries();
  for (const set of keys) {
    const key = set.keys.get(hash);
    if (!key) continue;
    try {
      const signedXml = new xmldsig.SignedXml(doc as never);
      signedXml.LoadXml(signature as never);
      if (await signedXml.Verify({ key, content: doc.documentElement as never })) return;
    } catch {
      // A malformed signature or a key of the wrong type: try the next certificate, then refuse.
    }
  }
  reject("the signature does not verify with a configured certificate");
}

function parseTime(value: string | null, what: string): Date | null {
  if (value === null) return null;
  const t = Date.parse(value);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value) || Number.isNaN(t)) reject(`bad ${what}`);
  return new Date(t);
}

function readAssertion(response: Element, assertion: Element, s: SamlVerificationSettings): VerifiedAssertion {
  const now = s.now.getTime();
  const skew = SAML_CLOCK_SKEW_SECONDS * 1000;
  if (assertion.getAttribute("Version") !== "2.0") reject("not a SAML 2.0 Assertion");
  const assertionId = assertion.getAttribute("ID") ?? reject("Assertion without ID");
  const issuerEl = onlyChild(assertion, NS.assertion, "Issuer");
  if (!issuerEl || textOf(issuerEl) !== s.idpEntityId) reject("unexpected Issuer");

  const subject = onlyChild(assertion, NS.assertion, "Subject") ?? reject("Assertion without Subject");
  const nameIdEl = onlyChild(subject, NS.assertion, "NameID") ?? reject("Subject without NameID");
  const nameId = textOf(nameIdEl);
  if (!nameId) reject("empty NameID");

  // A bearer confirmation addressed to this ACS and still current (saml-profiles-2.0-os §4.1.4.2).
  let confirmed: { notOnOrAfter: Date; inResponseTo: string | null } | null = null;
  for (const sc of children(subject, NS.assertion, "SubjectConfirmation")) {
    if (sc.getAttribute("Method") !== BEARER) continue;
    const data = onlyChild(sc, NS.assertion, "SubjectConfirmationData");
    if (!data || data.getAttribute("Recipient") !== s.acsUrl) continue;
    const until = parseTime(data.getAttribute("NotOnOrAfter"), "SubjectConfirmationData NotOnOrAfter");
    if (!until || now >= until.getTime() + skew) continue;
    const notBefore = parseTime(data.getAttribute("NotBefore"), "SubjectConfirmationData NotBefore");
    if (notBefore && now < notBefore.getTime() - skew) continue;
    confirmed = { notOnOrAfter: until, inResponseTo: data.getAttribute("InResponseTo") };
    break;
  }
  if (!confirmed) reject("no current bearer SubjectConfirmation for this ACS (Recipient or expiry)");

  const conditions = onlyChild(assertion, NS.assertion, "Conditions") ?? reject("Assertion without Conditions");
  const notBefore = parseTime(conditions.getAttribute("NotBefore"), "NotBefore");
  const notOnOrAfter = parseTime(conditions.getAttribute("NotOnOrAfter"), "NotOnOrAfter");
  if (notBefore && now < notBefore.getTime() - skew) reject("assertion not yet valid (NotBefore)");
  if (notOnOrAfter && now >= notOnOrAfter.getTime() + skew) reject("assertion expired (NotOnOrAfter)");
  const restrictions = children(conditions, NS.assertion, "AudienceRestriction");
  if (restrictions.length === 0) reject("Assertion without AudienceRestriction");
  for (const restriction of restrictions) {
    const audiences = children(restriction, NS.assertion, "Audience").map(textOf);
    if (!audiences.includes(s.spEntityId)) reject("wrong Audience");
  }

  const responseInResponseTo = response.getAttribute("InResponseTo");
  if (
    responseInResponseTo !== null &&
    confirmed.inResponseTo !== null &&
    responseInResponseTo !== confirmed.inResponseTo
  ) {
    reject("InResponseTo mismatch");
  }

  const attributes: Record<string, string[]> = {};
  for (const statement of children(assertion, NS.assertion, "AttributeStatement")) {
    for (const attribute of children(statement, NS.assertion, "Attribute")) {
      const name = attribute.getAttribute("Name");
      if (!name) continue;
      const values = children(attribute, NS.assertion, "AttributeValue").map(textOf);
      attributes[name] = [...(attributes[name] ?? []), ...values];
    }
  }

  const expiry = Math.min(confirmed.notOnOrAfter.getTime(), notOnOrAfter?.getTime() ?? Number.POSITIVE_INFINITY);
  return {
    assertionId,
    issuer: s.idpEntityId,
    nameId,
    nameIdFormat: nameIdEl.getAttribute("Format"),
    inResponseTo: responseInResponseTo ?? confirmed.inResponseTo,
    notOnOrAfter: new Date(expiry + skew),
    attributes,
  };
}
