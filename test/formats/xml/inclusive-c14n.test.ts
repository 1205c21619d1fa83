import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { C14nCanonicalization } from 'xml-crypto';
import { canonicalDocument } from '../../../src/formats/xml/inclusive-c14n.js';
import { parseWellFormed } from '../../../src/formats/xml/well-formed.js';
import { wellFormednessProblem } from '../../../src/formats/xml/well-formedness.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

// The canonical form of a whole document read from its text (what the XAdES signer digests for
// the document: src/formats/xml/inclusive-c14n.ts) is xml-crypto's inclusive canonical form of the
// same text parsed into a DOM: for every XML file of the fixtures (every driver's goldens), and for
// constructs the writer does not make (attributes out of order, namespaces declared again or
// undeclared below, single quotes, `>` and white space in values, CR, comments and CDATA).

function domCanonical(xml: string): string {
  const dom = parseWellFormed(xml);
  if ('problem' in dom) throw new Error(dom.problem);
  const c14n = new C14nCanonicalization();
  c14n.nsCompare = (a, b) => (a.prefix === b.prefix ? 0 : a.prefix < b.prefix ? -1 : 1);
  return c14n.process(dom.root, {}) as string;
}

function xmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? xmlFiles(join(dir, e.name)) : e.name.endsWith('.xml') ? [join(dir, e.name)] : []));
}

describe('inclusive-c14n: Canonical XML 1.0 of a whole document, from its text', () => {
  it('is xml-crypto\'s canonical form of every XML file of the fixtures, and names the root\'s namespaces', () => {
    // Well-formed ones (some recorded network answers are not: a declaration after a comment).
    const files = xmlFiles(FIXTURES_DIR).filter((f) => wellFormednessProblem(readFileSync(f, 'utf8')) === undefined);
    expect(files.length).to.be.greaterThan(100);
    for (const file of files) {
      const xml = readFileSync(file, 'utf8');
      expect(canonicalDocument(xml).canonical, file).to.equal(domCanonical(xml));
    }
    const facturae = readFileSync(join(FIXTURES_DIR, 'face', 'b2g-dir3-centres.xml'), 'utf8');
    expect([...canonicalDocument(facturae).rootScope]).to.deep.equal([
      ['ds', 'http://www.w3.org/2000/09/xmldsig#'],
      ['fe', 'http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml'],
    ]);
  });

  const cases: Record<string, string> = {
    'attributes and declarations out of order, prefixed attributes by namespace URI':
      '<r b="2" xmlns:z="urn:z" a="1" xmlns="urn:d" z:k="3" xmlns:a="urn:y" a:k="4"><e/></r>',
    'a declaration repeated below is left out, a changed one kept, xmlns="" only where a default was output':
      '<?xml version="1.0"?>\n<p:r xmlns:p="urn:p"><p:e xmlns:p="urn:p" xmlns=""><f xmlns="urn:d"><g xmlns=""/></f></p:e><p:e xmlns:p="urn:q"/></p:r>\n',
    'escapes: CR, > and & in text; tab, newline, quote and > in values; single quotes':
      '<r a="x&#9;y&#10;z&#13;" b=\'say "hi" &amp; a>b\' c="tab\tnl\nend">a &gt; b &amp; c &#13; d > e &#x41;\r\nf</r>',
    'a > alone in text and in a value': '<r a="b>c"><e>x > y</e><e a=\'"\'/></r>',
    'white space and empty elements as written, the declaration and what is outside the root dropped':
      '<?xml version="1.0" encoding="UTF-8"?>\n\n<r>\n  <a/>\n  <b></b>\n  <c x="1" />\n</r>\n\n',
    'a comment and CDATA inside (read through the light tree)':
      '<r xmlns:u="urn:u"><!-- note --><a><![CDATA[<x> & y]]></a><u:b xmlns:v="urn:v"/></r>',
  };
  for (const [name, xml] of Object.entries(cases)) {
    it(name, () => {
      expect(canonicalDocument(xml).canonical).to.equal(domCanonical(xml));
    });
  }
});
