import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseUbl, parseUblHeader } from '../../../src/formats/ubl/read.js';
import { decodeReferences } from '../../../src/formats/xml/references.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

// The header of a UBL document is read through the light tree (issue 45): it must give what a full
// xmlbuilder2 parse of the same header gives, for every UBL document the drivers render (the goldens).

const HEADER_END = /<cac:(?:TaxTotal|InvoiceLine|CreditNoteLine)[\s>]/;

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? xmlFiles(path) : name.endsWith('.xml') ? [path] : [];
  });
}

const UBL_ROOT = /<(?:[\w-]+:)?(Invoice|CreditNote|ApplicationResponse|CrossIndustryInvoice)[\s>]/;

/**
 * xmlbuilder2's object form leaves character and entity references as written (`&amp;`): the
 * header reader decodes them, as any XML parser reports text (the old reader sent a seller named
 * `A &amp; B` in the envelope). The reference is xmlbuilder2's tree with its text decoded.
 */
function decoded<T>(value: T): T {
  if (typeof value === 'string') return decodeReferences(value) as T;
  if (Array.isArray(value)) return value.map(decoded) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decoded(v)])) as T;
  return value;
}

describe('parseUblHeader', () => {
  const goldens = xmlFiles(FIXTURES_DIR).filter((f) => UBL_ROOT.test(readFileSync(f, 'utf8').slice(0, 600)));

  it('reads every UBL golden (and CII, read whole) as xmlbuilder2 reads its header', () => {
    expect(goldens.length).to.be.greaterThan(40);
    for (const file of goldens) {
      const xml = readFileSync(file, 'utf8');
      const end = HEADER_END.exec(xml);
      const closed = end ? `${xml.slice(0, end.index)}</${/<([\w-]+:)?(Invoice|CreditNote|ApplicationResponse)[\s>]/.exec(xml)![0].slice(1, -1)}>` : xml;
      const expected = decoded(parseUbl(closed));
      expect(parseUblHeader(xml), file).to.deep.equal(expected);
    }
  });

  it('keeps repeated elements, attributes, entities and CDATA as xmlbuilder2 does', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:cbc" xmlns:cac="urn:cac">\n' +
      '  <cbc:ID>A&amp;B &#x41;</cbc:ID>\n  <cbc:Note>one</cbc:Note>\n  <cbc:Note><![CDATA[two <b>]]></cbc:Note>\n  <cbc:Empty/>\n' +
      '  <cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID="0088">123</cbc:EndpointID></cac:Party></cac:AccountingSupplierParty>\n' +
      '  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">1</cbc:TaxAmount></cac:TaxTotal>\n</Invoice>\n';
    const { root, node } = parseUblHeader(xml);
    expect(root).to.equal('Invoice');
    expect(node['cbc:ID']).to.equal('A&B A');
    expect(node['cbc:Note']).to.deep.equal(['one', 'two <b>']);
    expect(node['cbc:Empty']).to.deep.equal({});
    expect(node['cac:AccountingSupplierParty']).to.deep.equal({ 'cac:Party': { 'cbc:EndpointID': { '@schemeID': '0088', '#': '123' } } });
    expect(node['cac:TaxTotal']).to.equal(undefined);
    // xmlbuilder2 takes a comment before the root for the root, and writes CDATA as `{$: text}`: compared without them.
    const plain = xml.replace('<!-- made by hand -->\n', '').replace('<![CDATA[two <b>]]>', 'two &lt;b>');
    expect(parseUblHeader(plain)).to.deep.equal(decoded(parseUbl(plain.replace(/<cac:TaxTotal>.*<\/cac:TaxTotal>\n/, ''))));
  });

  it('refuses text that is not well-formed', () => {
    expect(() => parseUblHeader('<Invoice><cbc:ID>1</Invoice>')).to.throw();
  });
});
