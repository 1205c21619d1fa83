import type { XmlNode } from './writer.js';

// Exclusive XML Canonicalization 1.0 (W3C, 2002; without comments) of an element this adapter
// builds with the writer (writer.ts), computed from the element tree instead of parsing the text
// back: what the WS-Security signature of an AS4 message digests and signs (signed-envelope.ts),
// where parsing and canonicalizing through xml-crypto was most of a message's time. The tree must
// be serialized by serializeCompact (no white space between elements), so that the canonical form
// of the tree is that of the text a receiver parses; the AS4 tests verify every message signed so
// with xml-crypto, which canonicalizes the parsed text.
//
// The rules used (Exclusive C14N §3 on Canonical XML 1.0 §2.3): a namespace declaration is
// output on an element only for a prefix the element or one of its attributes visibly uses, and
// only when the nearest output ancestor did not already output the same; declarations first
// (by prefix, the default namespace first), then attributes by namespace URI, then local name;
// empty elements as a start and an end tag; text escaping &, <, > and CR, attribute values
// escaping &, <, ", TAB, LF and CR.

const TEXT = /[&<>\r]/g;
const ATTR = /[&<"\t\n\r]/g;
const ESCAPE: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\t': '&#x9;', '\n': '&#xA;', '\r': '&#xD;' };
/** Text as canonical XML writes it (shared with light-c14n.ts). */
export const c14nText = (s: string) => s.replace(TEXT, (c) => ESCAPE[c]!);
/** An attribute value as canonical XML writes it. */
export const c14nAttr = (s: string) => s.replace(ATTR, (c) => ESCAPE[c]!);

/** The `xml` prefix is bound by definition and never declared (Namespaces in XML §3). */
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

const prefixOf = (qname: string) => {
  const colon = qname.indexOf(':');
  return colon < 0 ? '' : qname.slice(0, colon);
};

/**
 * The canonical form of `node`, an element whose in-scope namespace declarations (prefix →
 * URI, '' for a default namespace) are `inScope` from its ancestors, plus what it declares itself.
 */
export function canonicalize(node: XmlNode, inScope: ReadonlyMap<string, string>): string {
  return element(node, inScope, new Map());
}

function element(node: XmlNode, inherited: ReadonlyMap<string, string>, rendered: ReadonlyMap<string, string>): string {
  let scope = inherited;
  const attributes: { uri: string; local: string; name: string; value: string }[] = [];
  if (node.attrs) {
    for (const name in node.attrs) {
      const value = node.attrs[name]!;
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        if (scope === inherited) scope = new Map(inherited);
        (scope as Map<string, string>).set(name === 'xmlns' ? '' : name.slice(6), value);
      }
    }
    for (const name in node.attrs) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      const prefix = prefixOf(name);
      const uri = prefix === '' ? '' : prefix === 'xml' ? XML_NAMESPACE : scope.get(prefix);
      if (uri === undefined) throw new Error(`the prefix ${prefix} of attribute ${name} is not declared`);
      attributes.push({ uri, local: prefix === '' ? name : name.slice(prefix.length + 1), name, value: node.attrs[name]! });
    }
  }
  // Visibly utilized: the element's prefix (the default namespace for an unprefixed one) and its attributes' prefixes.
  const used = new Set<string>([prefixOf(node.name), ...attributes.filter((a) => a.uri !== '' && a.uri !== XML_NAMESPACE).map((a) => prefixOf(a.name))]);
  let out = '<' + node.name;
  let nowRendered = rendered;
  for (const prefix of [...used].sort()) {
    const uri = scope.get(prefix) ?? '';
    if (prefix !== '' && uri === '') throw new Error(`the prefix ${prefix} of ${node.name} is not declared`);
    // An unprefixed element in no namespace needs no declaration unless an ancestor output a default one.
    if ((rendered.get(prefix) ?? '') === uri && (prefix !== '' || rendered.has('') || uri === '')) continue;
    out += prefix === '' ? ` xmlns="${c14nAttr(uri)}"` : ` xmlns:${prefix}="${c14nAttr(uri)}"`;
    if (nowRendered === rendered) nowRendered = new Map(rendered);
    (nowRendered as Map<string, string>).set(prefix, uri);
  }
  attributes.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.local < b.local ? -1 : a.local > b.local ? 1 : 0));
  for (const a of attributes) out += ' ' + a.name + '="' + c14nAttr(a.value) + '"';
  out += '>';
  if (node.text !== undefined) out += c14nText(node.text);
  else if (node.children) for (const child of node.children) out += element(child, scope, nowRendered);
  return out + '</' + node.name + '>';
}
