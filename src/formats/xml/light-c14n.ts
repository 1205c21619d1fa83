import { c14nAttr, c14nText } from './exc-c14n.js';
import type { LightElement, LightText } from './light-tree.js';

// Exclusive XML Canonicalization 1.0 (W3C, 2002; without comments) of an element of a light tree
// (light-tree.ts): what a received AS4 message's signature digests and signs is canonicalized
// from the one tree its envelope is read into (signature-check.ts). The rules, as exc-c14n.ts
// applies them to a tree this adapter writes: a namespace declaration is output on an element for
// a prefix the element or one of its attributes visibly uses, or one of the transform's
// InclusiveNamespaces PrefixList (`#default` for the default namespace) in scope there, unless the
// nearest output ancestor output the same; declarations by prefix in code-point order (the
// default first), then attributes by namespace URI and local name; empty elements as a start and
// an end tag; text escaping &, <, > and CR, attribute values &, <, ", TAB, LF and CR. The tests
// hold it to xml-crypto's canonical form of the same texts (recorded messages included).

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The canonical form of `element`; `inclusive`: the InclusiveNamespaces PrefixList, if any. */
export function canonicalizeLight(element: LightElement, inclusive: readonly string[] = []): string {
  const list = new Set(inclusive.map((p) => (p === '#default' ? '' : p)));
  return render(element, list, new Map());
}

function render(e: LightElement, inclusive: ReadonlySet<string>, rendered: ReadonlyMap<string, string>): string {
  const attributes = e.attributes.filter((a) => a.name !== 'xmlns' && a.prefix !== 'xmlns');
  const used = new Set<string>([e.prefix ?? '']);
  for (const a of attributes) if (a.prefix !== null && a.prefix !== 'xml') used.add(a.prefix);
  for (const p of inclusive) if (p === '' || e.scope.has(p)) used.add(p);
  let out = `<${e.tagName}`;
  let next = rendered;
  for (const prefix of [...used].sort(byCodePoint)) {
    if (prefix === 'xml') continue;
    const uri = e.scope.get(prefix) ?? '';
    const before = rendered.get(prefix);
    // The default namespace needs no declaration while none was output, or the same was.
    if (prefix === '' ? (before ?? '') === uri : before === uri) continue;
    if (prefix !== '' && uri === '') continue;
    out += prefix === '' ? ` xmlns="${c14nAttr(uri)}"` : ` xmlns:${prefix}="${c14nAttr(uri)}"`;
    if (next === rendered) next = new Map(rendered);
    (next as Map<string, string>).set(prefix, uri);
  }
  const sorted = attributes
    .map((a) => ({ a, uri: a.prefix === 'xml' ? XML_NAMESPACE : (a.namespaceURI ?? '') }))
    .sort((x, y) => byCodePoint(x.uri, y.uri) || byCodePoint(x.a.localName, y.a.localName));
  for (const { a } of sorted) out += ` ${a.name}="${c14nAttr(a.value)}"`;
  out += '>';
  for (let c: LightElement | LightText | null = e.firstChild; c; c = c.nextSibling) {
    out += c.nodeType === 3 ? c14nText((c as LightText).data) : render(c as LightElement, inclusive, next);
  }
  return `${out}</${e.tagName}>`;
}
