import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { wellFormednessProblem } from '../../../src/formats/xml/well-formedness.js';
import { parseWellFormed } from '../../../src/formats/xml/well-formed.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

// The one-pass well-formedness check a receiving access point applies to every payload
// (src/formats/xml/well-formedness.ts): every XML file of the fixtures the parser reads is
// well-formed for it too, and each fault below, not well-formed by XML 1.0, is refused (the
// parser, @xmldom/xmldom 0.8, lets several of them through: end tags out of order, a bare
// ampersand, text after the root…).

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? xmlFiles(path) : f.endsWith('.xml') ? [path] : [];
  });
}

const INVOICE = '<Invoice xmlns="urn:x" xmlns:cbc="urn:cbc"><cbc:ID a="1" b=\'2\'>A&amp;B &#x20AC;&#8364;</cbc:ID><!-- c --><![CDATA[<raw> & ]]><?pi data?><e/></Invoice>';

const FAULTS: [string, string][] = [
  ['an element not closed', '<a><b></a>'],
  ['end tags out of order', '<a><b></a></b>'],
  ['a second root', '<a/><b/>'],
  ['text outside the root', '<a/>text'],
  ['an attribute twice', '<a x="1" x="2"/>'],
  ['an attribute without quotes', '<a x=1/>'],
  ['"<" in an attribute value', '<a x="<"/>'],
  ['an undeclared entity', '<a>&nbsp;</a>'],
  ['a bare ampersand', '<a>AT&T</a>'],
  ['a character reference to a forbidden character', '<a>&#1;</a>'],
  ['a control character', '<a>\u0001</a>'],
  ['a comment not closed', '<a><!-- x </a>'],
  ['"--" inside a comment', '<a><!-- a -- b --></a>'],
  ['a CDATA section not closed', '<a><![CDATA[x</a>'],
  ['"]]>" in text', '<a>x ]]> y</a>'],
  ['a document type declaration', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>'],
  ['an XML declaration not at the start', '<a><?xml version="1.0"?></a>'],
  ['attributes run together', '<a x="1"y="2"/>'],
  ['a start tag not closed', '<a x="1"'],
  ['"<" starting no markup', '<a>< b</a>'],
  ['no root element', '  '],
];

describe('well-formedness in one pass (src/formats/xml/well-formedness.ts)', () => {
  it('finds every XML file of the fixtures well-formed, as the parser does', () => {
    const files = xmlFiles(FIXTURES_DIR).filter((f) => !f.includes(`${join('as4', 'transport', 'recorded')}`));
    expect(files.length).to.be.greaterThan(100);
    for (const file of files) {
      const xml = readFileSync(file, 'utf8');
      if ('problem' in parseWellFormed(xml)) continue;
      expect(wellFormednessProblem(xml), file).to.equal(undefined);
    }
  });

  it('takes what XML allows: references, comments, CDATA, processing instructions, both quotes, a declaration and a BOM at the start', () => {
    expect(wellFormednessProblem(INVOICE)).to.equal(undefined);
    expect(wellFormednessProblem(`\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n${INVOICE}\n`)).to.equal(undefined);
  });

  it('refuses an XML declaration in a document carried inside another (an SBDH payload)', () => {
    expect(wellFormednessProblem(`<?xml version="1.0"?>${INVOICE}`, true)).to.match(/XML declaration/);
  });

  for (const [name, xml] of FAULTS) {
    it(`refuses ${name}`, () => {
      expect(wellFormednessProblem(xml), xml).to.be.a('string');
    });
  }
});
