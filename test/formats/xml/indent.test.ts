import { expect } from 'chai';
import { indentXml } from '../../../src/formats/xml/indent.js';
import { wellFormednessProblem } from '../../../src/formats/xml/well-formedness.js';

// The console's view of a document's XML: indented where only white space between elements
// changes, as stored wherever the white space is data or the text is not followed.

/** The text without the white space between tags: what indenting may change. */
const tight = (xml: string) => xml.replace(/>\s+</g, '><').trim();

describe('XML indented for reading (formats/xml/indent.ts)', () => {
  it('puts each child element on its own line, two spaces deeper, and changes nothing else', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:x"><cbc:ID a="1&gt;2" b=\'>\'>INV-1</cbc:ID><cac:Party><cbc:Name>ACME &amp; Co</cbc:Name><cbc:Empty/></cac:Party></Invoice>';
    const { text, indented } = indentXml(xml);
    expect(indented).to.equal(true);
    expect(text).to.equal(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<Invoice xmlns="urn:x">',
        '  <cbc:ID a="1&gt;2" b=\'>\'>INV-1</cbc:ID>',
        '  <cac:Party>',
        '    <cbc:Name>ACME &amp; Co</cbc:Name>',
        '    <cbc:Empty/>',
        '  </cac:Party>',
        '</Invoice>',
      ].join('\n'),
    );
    expect(tight(text)).to.equal(tight(xml));
  });

  it('keeps mixed content, CDATA sections, comments and values with their own white space exactly as stored', () => {
    const xml = '<r><!-- a  comment --><p>one <b>two</b>  three</p><c><![CDATA[ <not> a tag ]]></c><v>  spaced  </v><q><![CDATA[x]]><i/></q></r>';
    const { text } = indentXml(xml);
    expect(text.split('\n')).to.deep.equal(['<r>', '  <!-- a  comment -->', '  <p>one <b>two</b>  three</p>', '  <c><![CDATA[ <not> a tag ]]></c>', '  <v>  spaced  </v>', '  <q><![CDATA[x]]><i/></q>', '</r>']);
  });

  it('re-indents XML already indented otherwise', () => {
    expect(indentXml('<r>\n\t<a>1</a>\n\t\t<b/>\n</r>\n').text).to.equal('<r>\n  <a>1</a>\n  <b/>\n</r>');
  });

  it('leaves what it cannot follow as stored: tags out of order, an unclosed element, a stray <, a deep nesting', () => {
    for (const xml of ['<a><b></a></b>', '<a><b></b>', '<a>1 < 2</a>', '</a>', '<a x="unclosed></a>', `${'<d>'.repeat(300)}${'</d>'.repeat(300)}`]) {
      expect(indentXml(xml), xml.slice(0, 40)).to.deep.equal({ text: xml, indented: false });
    }
  });

  it('indents the start of a longer document cut anywhere, without the markup cut in two', () => {
    const xml = '<r><a>1</a><b><c>2</c><d x="y">3</d></b></r>';
    for (let cut = 1; cut < xml.length; cut++) {
      const { text, indented } = indentXml(xml.slice(0, cut), true);
      expect(indented, `cut at ${cut}`).to.equal(true);
      // Nothing is made up: what is shown is the start of the document, its white space aside.
      expect(xml.startsWith(tight(text)), `cut at ${cut}: ${text}`).to.equal(true);
    }
    expect(indentXml('<r><a>1</a><b><c>2</c><d x="', true).text).to.equal('<r>\n  <a>1</a>\n  <b>\n    <c>2</c>');
  });

  it('indents a large document in one pass (a 2 MB invoice of 20,000 lines in well under a second)', () => {
    const xml = `<Invoice>${'<cac:InvoiceLine><cbc:ID>1</cbc:ID><cac:Item><cbc:Name>Widget &amp; co</cbc:Name></cac:Item></cac:InvoiceLine>'.repeat(20_000)}</Invoice>`;
    const started = Date.now();
    const { text } = indentXml(xml);
    expect(Date.now() - started).to.be.below(1000);
    expect(wellFormednessProblem(text)).to.equal(undefined);
    expect(text.split('\n')).to.have.length(20_000 * 6 + 2);
  });
});
