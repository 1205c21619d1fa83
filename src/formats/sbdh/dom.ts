import { childrenNamed } from '../xml/dom-children.js';

// Reading the envelope namespace-aware: its prefix is the sender's choice (`sh:`, `sbdh:`, none),
// so elements are found by namespace and local name, never by tag name.

/** The trimmed text of the only such child; undefined when there is none. */
export function childText(node: Node, namespace: string, localName: string): string | undefined {
  return childrenNamed(node, namespace, localName)[0]?.textContent?.trim();
}
