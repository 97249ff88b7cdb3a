import { base64 } from "../../../../lib/encoding";
import { escapeXml } from "./xml";

/**
 * An SP-initiated AuthnRequest for the HTTP-Redirect binding (saml-bindings-2.0-os §3.4): the XML is
 * DEFLATE-compressed (raw, RFC 1951), base64-encoded and URL-encoded into `SAMLRequest`, with the
 * opaque `RelayState` beside it. Unsigned: the IdP learns our ACS from its metadata, and the response
 * is bound to this request by InResponseTo, which the service stores one-time.
 */
export interface AuthnRequestInput {
  spEntityId: string;
  acsUrl: string;
  idpSsoUrl: string;
  relayState: string;
  now: Date;
}

/** SAML IDs are xs:ID (an NCName): a leading underscore, then 160 random bits in hex. */
function newSamlId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return `_${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function authnRequestXml(id: string, input: AuthnRequestInput): string {
  const issueInstant = input.now.toISOString().replace(/\.\d{3}Z$/, "Z");
  return (
    `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"` +
    ` ID="${id}" Version="2.0" IssueInstant="${issueInstant}" Destination="${escapeXml(input.idpSsoUrl)}"` +
    ` ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" AssertionConsumerServiceURL="${escapeXml(input.acsUrl)}">` +
    `<saml:Issuer>${escapeXml(input.spEntityId)}</saml:Issuer>` +
    `<samlp:NameIDPolicy Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress" AllowCreate="true"/>` +
    `</samlp:AuthnRequest>`
  );
}

async function deflateRaw(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The IdP address to redirect the browser to, and the request id to remember for InResponseTo. */
export async function buildRedirect(input: AuthnRequestInput): Promise<{ id: string; url: string }> {
  const id = newSamlId();
  const encoded = base64(await deflateRaw(authnRequestXml(id, input)));
  const url = new URL(input.idpSsoUrl);
  url.searchParams.set("SAMLRequest", encoded);
  url.searchParams.set("RelayState", input.relayState);
  return { id, url: url.toString() };
}
