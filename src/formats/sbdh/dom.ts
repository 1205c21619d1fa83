import { parseWellFormed } from '../xml/well-formed.js';
import { SbdhError, type SbdhErrorCode } from './sbdh-error.js';
import { childrenNamed } from '../xml/dom-children.js';

// Reading with @xmldom/xmldom, namespace-aware: the envelope's prefix is the sender's choice
// (`sh:`, `sbdh:`, none), so elements are found by namespace and local name, never by tag name.
// The specification wants a well-formed envelope and business document (xml/well-formed.ts).

/** The document element of `xml`; text that is not well-formed XML is refused under `code`. */
export function documentElement(xml: string, code: SbdhErrorCode, what: string): Element {
  const parsed = parseWellFormed(xml);
  if ('problem' in parsed) throw new SbdhError(code, `${what} is not well-formed XML: ${parsed.problem}`);
  return parsed.root;
}


/** The trimmed text of the only such child; undefined when there is none. */
export function childText(node: Node, namespace: string, localName: string): string | undefined {
  return childrenNamed(node, namespace, localName)[0]?.textContent?.trim();
}
