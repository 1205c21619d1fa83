import { create } from 'xmlbuilder2';

// Reading UBL back: the few values transmission needs (endpoints, the document number) and
// what an inbound Invoice Response says. xmlbuilder2's object form keeps the prefixed names
// (`cbc:ID`), attributes as `@name` and text as `#` (or the plain string for a bare element).

export type UblNode = { [key: string]: unknown };

export interface ParsedUbl {
  /** Local name of the root element: `Invoice`, `CreditNote`, `ApplicationResponse`… */
  root: string;
  node: UblNode;
}

/** Parses UBL XML; throws on text that is not well-formed XML. */
export function parseUbl(xml: string): ParsedUbl {
  const obj = create(xml).end({ format: 'object' }) as UblNode;
  const root = Object.keys(obj).find((k) => !k.startsWith('?') && !k.startsWith('@'));
  if (!root) throw new Error('no root element');
  return { root: root.replace(/^.*:/, ''), node: obj[root] as UblNode };
}

/** The node at a path of element names; the first item wherever an element repeats. */
export function at(node: unknown, ...path: string[]): unknown {
  let cur = node;
  for (const name of path) {
    if (Array.isArray(cur)) cur = cur[0];
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as UblNode)[name];
  }
  return Array.isArray(cur) ? cur[0] : cur;
}

/** Text content at a path, or undefined. */
export function textAt(node: unknown, ...path: string[]): string | undefined {
  const n = at(node, ...path);
  if (typeof n === 'string') return n;
  if (n && typeof n === 'object' && typeof (n as UblNode)['#'] === 'string') return (n as UblNode)['#'] as string;
  return undefined;
}

/** An identifier with its scheme attribute (`cbc:EndpointID schemeID="0088"`). */
export function identifierAt(node: unknown, ...path: string[]): { scheme: string; id: string } | undefined {
  const n = at(node, ...path);
  const id = textAt(node, ...path);
  const scheme = n && typeof n === 'object' ? (n as UblNode)['@schemeID'] : undefined;
  return id && typeof scheme === 'string' ? { scheme, id } : undefined;
}
