import type { Document, Element, Node } from "@xmldom/xmldom";

/** The namespaces SAML 2.0 messages use (saml-core-2.0-os §1.2). */
export const NS = {
  protocol: "urn:oasis:names:tc:SAML:2.0:protocol",
  assertion: "urn:oasis:names:tc:SAML:2.0:assertion",
  metadata: "urn:oasis:names:tc:SAML:2.0:metadata",
  dsig: "http://www.w3.org/2000/09/xmldsig#",
} as const;

export type XmlLibraries = typeof import("./xml-libraries");

let libraries: Promise<XmlLibraries> | undefined;

/**
 * The DOM and XML-DSig libraries, imported on the isolate's first SAML message: their top-level
 * code is a large share of the worker's startup CPU and only SAML needs them (docs/decisions.md,
 * "Performance").
 */
export function xmlLibraries(): Promise<XmlLibraries> {
  libraries ??= import("./xml-libraries");
  return libraries;
}

export class UnsafeXmlError extends Error {}

/**
 * Parses untrusted XML. A DOCTYPE (and with it every entity declaration, internal or external) and
 * any processing instruction but the XML declaration are refused before parsing, then again on the
 * tree: SAML messages never carry them (saml-bindings-2.0-os §3.5.5.2 / XXE and billion-laughs).
 */
export async function parseUntrustedXml(text: string): Promise<Document> {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) throw new UnsafeXmlError("DTD");
  if (/<\?(?!xml\s)/.test(text.trimStart()) || /.<\?/s.test(text.trimStart())) {
    throw new UnsafeXmlError("processing instruction");
  }
  const { DOMParser } = await xmlLibraries();
  const problems: string[] = [];
  const doc = new DOMParser({
    onError: (level: string, message: string) => {
      if (level !== "warning") problems.push(message);
    },
  }).parseFromString(text, "text/xml");
  if (problems.length > 0 || !doc?.documentElement) throw new UnsafeXmlError("malformed XML");
  walk(doc, (node) => {
    // xmldom keeps the XML declaration as a processing-instruction node `xml`, first in the document.
    const declaration = node.nodeType === 7 && node === doc.firstChild && node.nodeName === "xml";
    if ((node.nodeType === 7 && !declaration) || node.nodeType === 10 || node.nodeType === 6) {
      throw new UnsafeXmlError("DTD or processing instruction");
    }
  });
  return doc;
}

export function walk(node: Node, visit: (node: Node) => void) {
  visit(node);
  for (let child = node.firstChild; child; child = child.nextSibling) walk(child, visit);
}

/** Element children of `parent` in namespace `ns` with local name `name` (direct children only). */
export function children(parent: Element, ns: string, name: string): Element[] {
  const out: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1 && (child as Element).namespaceURI === ns && (child as Element).localName === name) {
      out.push(child as Element);
    }
  }
  return out;
}

/** The single direct child, or null when absent; more than one is refused by the caller's rule. */
export function onlyChild(parent: Element, ns: string, name: string): Element | null {
  const found = children(parent, ns, name);
  if (found.length > 1) throw new UnsafeXmlError(`more than one ${name}`);
  return found[0] ?? null;
}

/**
 * The element's whole text: every text node below it, joined. Reading only the first text node is how
 * the comment-injection attack works (`admin@a.com<!---->.evil.com` reads as `admin@a.com`), and
 * canonicalization without comments leaves the signature valid; joined, the value is what was signed.
 */
export function textOf(element: Element): string {
  let text = "";
  walk(element, (node) => {
    if (node.nodeType === 3 || node.nodeType === 4) text += node.nodeValue ?? "";
  });
  return text.trim();
}

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
