import { expect } from 'chai';
import { ExclusiveCanonicalization } from 'xml-crypto';
import { canonicalize } from '../../../src/formats/xml/exc-c14n.js';
import { parseWellFormed } from '../../../src/formats/xml/well-formed.js';
import { el, leaf, serializeCompact, type XmlNode } from '../../../src/formats/xml/writer.js';

// The canonical form computed from the element tree (what our AS4 signatures digest) is the one
// xml-crypto computes from the text a receiver parses, for what the trees of our messages hold:
// prefixes declared above and on the element, attributes of several namespaces to sort, xml:lang,
// characters to escape in text and attribute values, empty elements, a default namespace.

const ROOT_NS = { 'xmlns:S12': 'urn:x:soap', 'xmlns:eb': 'urn:x:eb', 'xmlns:wsu': 'urn:x:wsu', 'xmlns:unused': 'urn:x:unused' };
const inScope = new Map(Object.entries(ROOT_NS).map(([k, v]) => [k.slice(6), v]));

/** xml-crypto's exclusive c14n of the root's first child, as parsed from the compact text. */
function reference(part: XmlNode): string {
  const parsed = parseWellFormed(serializeCompact(el('S12:Envelope', ROOT_NS, part)));
  if ('problem' in parsed) throw new Error(parsed.problem);
  const node = parsed.root.firstChild as unknown as Element;
  // With the specification's code-point order of declarations (src/formats/xml/code-point-c14n.ts: xml-crypto's own is a locale collation).
  const c14n = new ExclusiveCanonicalization();
  c14n.nsCompare = (a, b) => (a.prefix === b.prefix ? 0 : a.prefix < b.prefix ? -1 : 1);
  return c14n.process(node, { ancestorNamespaces: [...inScope].map(([prefix, namespaceURI]) => ({ prefix, namespaceURI })) }) as string;
}

const CASES: [string, XmlNode][] = [
  ['an element using prefixes of its ancestors, attributes in two namespaces and none', el('eb:Messaging', { 'wsu:Id': 'm', 'S12:mustUnderstand': 'true', plain: 'x', 'eb:zeta': '1' }, leaf('eb:MessageId', 'a@b'))],
  ['text and attribute values with characters to escape', el('eb:Part', { note: 'a&b<c>"d"\te\nf\rg' }, leaf('eb:Text', 'x & y < z > w " \' \r end'))],
  ['a declaration on a descendant, used only there; an empty element', el('eb:Receipt', undefined, el('ebbp:NRI', { 'xmlns:ebbp': 'urn:x:ebbp', 'xmlns:ds': 'urn:x:ds' }, el('ds:Reference', { URI: 'cid:1' }, el('ds:DigestMethod', { Algorithm: 'urn:sha' }), leaf('ds:DigestValue', 'AAA='))))],
  ['xml:lang, which is never declared', el('eb:Error', { errorCode: 'EBMS:0004' }, leaf('eb:Description', 'what', { 'xml:lang': 'en' }))],
  ['a default namespace declared below and a prefix redeclared with another value', el('eb:Outer', undefined, el('Inner', { xmlns: 'urn:x:default' }, leaf('Leaf', 't')), el('eb:Again', { 'xmlns:eb': 'urn:x:other' }, leaf('eb:Deep', 'd')))],
];

describe('exclusive XML canonicalization from the element tree (src/formats/xml/exc-c14n.ts)', () => {
  for (const [name, part] of CASES) {
    it(`is xml-crypto's canonical form of the parsed text: ${name}`, () => {
      expect(canonicalize(part, inScope)).to.equal(reference(part));
    });
  }

  it('outputs only the declarations an element visibly uses (not the unused one in scope)', () => {
    // Declarations by prefix in code-point order (S12 before eb); attributes by namespace URI, then local name, unqualified first.
    expect(canonicalize(CASES[0]![1], inScope)).to.match(/^<eb:Messaging xmlns:S12="urn:x:soap" xmlns:eb="urn:x:eb" xmlns:wsu="urn:x:wsu" plain="x" eb:zeta="1" S12:mustUnderstand="true" wsu:Id="m">/);
  });

  it('refuses a prefix that is not declared, rather than sign what a receiver cannot read', () => {
    expect(() => canonicalize(el('nope:X', undefined), inScope)).to.throw(/nope/);
  });
});
