import { DOMParser } from '@xmldom/xmldom';
import { SbdhError, type SbdhErrorCode } from './sbdh-error.js';

// Reading with @xmldom/xmldom, namespace-aware: the envelope's prefix is the sender's choice
// (`sh:`, `sbdh:`, none), so elements are found by namespace and local name, never by tag name.
// xmldom 0.8 reports some well-formedness faults (an unclosed element) only as warnings: the
// specification wants a well-formed envelope and business document, so warnings refuse too.

/** The document element of `xml`; text that is not well-formed XML is refused under `code`. */
export function documentElement(xml: string, code: SbdhErrorCode, what: string): Element {
  let problem: string | undefined;
  const fail = (msg: string) => {
    problem ??= msg;
  };
  let doc: Document | undefined;
  try {
    doc = new DOMParser({ errorHandler: { warning: fail, error: fail, fatalError: fail } }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  const root = doc?.documentElement;
  if (problem !== undefined || !root) throw new SbdhError(code, `${what} is not well-formed XML${problem ? `: ${problem.trim()}` : ''}`);
  return root;
}

/** The element children of a node (text, comments and processing instructions skipped). */
export function elementsOf(node: Node): Element[] {
  const out: Element[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c as Element);
  return out;
}

/** The element children of `node` with this namespace and local name. */
export function childrenNamed(node: Node, namespace: string, localName: string): Element[] {
  return elementsOf(node).filter((e) => e.namespaceURI === namespace && e.localName === localName);
}

/** The trimmed text of the only such child; undefined when there is none. */
export function childText(node: Node, namespace: string, localName: string): string | undefined {
  return childrenNamed(node, namespace, localName)[0]?.textContent?.trim();
}
