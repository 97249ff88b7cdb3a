import { DOMImplementation, DOMParser, XMLSerializer } from "@xmldom/xmldom";
import { setNodeDependencies } from "xml-core";
import { Application, SignedXml, X509Certificate } from "xmldsigjs";

/**
 * Only what SAML uses of the DOM and XML-DSig libraries, loaded by `xmlLibraries()` (./xml.ts) on
 * the first SAML message. Named imports (not the namespaces) keep the bundle tree-shaken.
 * xmldsigjs needs a DOM and a crypto engine registered once: @xmldom/xmldom for the DOM and
 * WebCrypto (workerd's global `crypto`), never Node's crypto. No XPath engine: verification here
 * never evaluates XPath (references are resolved by ID, and XPath transforms are refused).
 */
setNodeDependencies({ XMLSerializer, DOMParser, DOMImplementation });
Application.setEngine("workerd", crypto);

export const xmldsig = { SignedXml, X509Certificate };
export { DOMParser, XMLSerializer };
