import { parseLightElement } from '../../../../formats/xml/light-tree.js';

// An AS4 envelope read into a light namespace-aware tree (src/formats/xml/light-tree.ts) once,
// for the decryption, the signature check (its canonicalization: light-c14n.ts) and the reading
// of eb:Messaging alike: a DOM parser was a third of a received message's time.

/** The envelope's root element. */
export interface ParsedEnvelope {
  /**
   * A light tree element, typed as the DOM's: it has the members the readers use (nodeType,
   * firstChild, nextSibling, parentNode, namespaceURI, prefix, localName, textContent,
   * getAttribute, getAttributeNS, attributes; light-tree.ts).
   */
  root: Element;
}

/** The envelope, or why it is not well-formed XML with its namespaces declared. */
export function parseEnvelope(xml: string): ParsedEnvelope | { problem: string } {
  return parseLightElement(xml);
}
