import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { ExclusiveCanonicalization } from 'xml-crypto';
import { canonicalizeLight } from '../../../src/formats/xml/light-c14n.js';
import { parseLight, type LightElement } from '../../../src/formats/xml/light-tree.js';
import { parseWellFormed } from '../../../src/formats/xml/well-formed.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

// The exclusive canonical form computed from a light tree (what a received AS4 signature is
// checked against: src/formats/xml/light-c14n.ts) is xml-crypto's canonical form of the same text
// parsed into a DOM, for every element the signatures of the recorded AS4 messages reference and
// their SignedInfo, with the InclusiveNamespaces PrefixList each transform names, and for
// constructs those messages do not have (mixed content, CR LF, values with white space, a
// default namespace undeclared below, xml:lang).

const RECORDED = join(FIXTURES_DIR, 'as4', 'transport', 'recorded');
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const EXC = 'http://www.w3.org/2001/10/xml-exc-c14n#';

function domCanonical(el: Element, prefixList: string[]): string {
  const ancestors: { prefix: string; namespaceURI: string }[] = [];
  const seen = new Set<string>();
  for (let p = el.parentNode; p && p.nodeType === 1; p = p.parentNode) {
    for (const a of Array.from((p as Element).attributes)) {
      const prefix = a.name === 'xmlns' ? '' : a.name.startsWith('xmlns:') ? a.name.slice(6) : undefined;
      if (prefix !== undefined && !seen.has(prefix)) (seen.add(prefix), ancestors.push({ prefix, namespaceURI: a.value }));
    }
  }
  const c14n = new ExclusiveCanonicalization();
  c14n.nsCompare = (a, b) => (a.prefix === b.prefix ? 0 : a.prefix < b.prefix ? -1 : 1);
  return c14n.process(el, { ancestorNamespaces: ancestors, ...(prefixList.length && { inclusiveNamespacesPrefixList: prefixList }) }) as string;
}

/** Elements of both trees in document order, paired. */
function pairs(light: LightElement, dom: Element): [LightElement, Element][] {
  const out: [LightElement, Element][] = [[light, dom]];
  const lightKids: LightElement[] = [];
  for (let c = light.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) lightKids.push(c as LightElement);
  const domKids = Array.from(dom.childNodes).filter((c): c is Element => c.nodeType === 1);
  expect(lightKids.length).to.equal(domKids.length);
  lightKids.forEach((l, i) => out.push(...pairs(l, domKids[i]!)));
  return out;
}

function compareAll(xml: string, name: string): number {
  const light = parseLight(xml);
  const dom = parseWellFormed(xml);
  if ('problem' in light || 'problem' in dom) throw new Error(`${name} does not parse`);
  let compared = 0;
  for (const [l, d] of pairs(light, dom.root)) {
    const prefixList = (d.getElementsByTagNameNS(EXC, 'InclusiveNamespaces')[0]?.getAttribute('PrefixList') ?? '').split(/\s+/).filter(Boolean);
    // xml-crypto takes an absent or empty list as "SignedInfo's own CanonicalizationMethod's", so
    // "no list" is a prefix no document declares, for both.
    for (const list of [['x-none'], prefixList.length ? prefixList : ['x-none']]) {
      expect(canonicalizeLight(l, list), `${name} <${l.tagName}> [${list.join(' ')}]`).to.equal(domCanonical(d, list));
      compared++;
    }
  }
  return compared;
}

describe('exclusive c14n of a light tree (src/formats/xml/light-c14n.ts) against xml-crypto', () => {
  for (const file of readdirSync(RECORDED).filter((f) => f.endsWith('.xml'))) {
    it(`${file}: every element, without and with its transform's PrefixList`, () => {
      const xml = readFileSync(join(RECORDED, file), 'utf8').replace(/^<!--[\s\S]*?-->\s*(?=<\?xml)/, '');
      expect(compareAll(xml, file)).to.be.greaterThan(10);
    });
  }

  it('what the recordings do not have: mixed content, CR LF, values with white space and references, a default namespace undone, xml:lang', () => {
    const xml =
      '<r:Root xmlns:r="urn:r" xmlns="urn:d" xmlns:u="urn:unused">\r\n' +
      '  <Mixed a="x\ty\r\nz &amp; &#x9;" r:b="2">text &amp; <r:In>in</r:In> tail\r</Mixed>\n' +
      '  <Plain xmlns=""><Deeper/></Plain>\n' +
      '  <r:Lang xml:lang="en">hi</r:Lang>\n' +
      '</r:Root>';
    expect(compareAll(xml, 'constructed')).to.be.greaterThan(10);
  });

  it('uses the SignedInfo of a recorded receipt with its PrefixList as a signer does', () => {
    const xml = readFileSync(join(RECORDED, 'receipt-governikus.xml'), 'utf8');
    const light = parseLight(xml) as LightElement;
    const dom = parseWellFormed(xml) as { root: Element };
    const signedInfo = pairs(light, dom.root).find(([l]) => l.localName === 'SignedInfo' && l.namespaceURI === DS)!;
    const list = signedInfo[1].getElementsByTagNameNS(EXC, 'InclusiveNamespaces')[0]!.getAttribute('PrefixList')!.split(' ');
    expect(list).to.deep.equal(['eb3', 'soapenv', 'xsd', 'xsi']);
    expect(canonicalizeLight(signedInfo[0], list)).to.equal(domCanonical(signedInfo[1], [])).and.contain('xmlns:soapenv=');
  });
});
