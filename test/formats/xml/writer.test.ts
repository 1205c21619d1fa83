import { expect } from 'chai';
import { el, escapeAttr, escapeText, leaf, serialize } from '../../../src/formats/xml/writer.js';

describe('the XML string writer', () => {
  it('escapes markup in text and, in attributes, also quotes and the white space a parser would normalize', () => {
    expect(escapeText('Service & support <10> "kept" \'kept\'\r\n\tend')).to.equal('Service &amp; support &lt;10&gt; "kept" \'kept\'&#13;\n\tend');
    expect(escapeAttr('a&b<c>d"e\'f\rg\nh\ti')).to.equal('a&amp;b&lt;c&gt;d&quot;e\'f&#13;g&#10;h&#9;i');
    expect(escapeText('&&')).to.equal('&amp;&amp;');
    expect(escapeText('<')).to.equal('&lt;');
    expect(escapeText('no markup: €, ø, 日本')).to.equal('no markup: €, ø, 日本');
    expect(escapeAttr('')).to.equal('');
  });

  it('drops undefined attributes and keeps the order of the others', () => {
    const xml = serialize(el('r', { b: '2', gone: undefined, a: '1' }, leaf('x', 'v', { only: undefined }), leaf('y', 'w', { c: '3', d: '"' })));
    expect(xml).to.equal('<?xml version="1.0" encoding="UTF-8"?>\n<r b="2" a="1">\n  <x>v</x>\n  <y c="3" d="&quot;">w</y>\n</r>\n');
  });
});
