import { expect } from 'chai';
import { constant, el, escapeAttr, escapeText, leaf, serialize, serializeCompact } from '../../../src/formats/xml/writer.js';

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

  it('writes a constant subtree as the same tree written afresh, at every depth it sits at, and the same again', () => {
    const scheme = () => el('cac:TaxScheme', undefined, leaf('cbc:ID', 'V&T', { schemeID: 'a"b' }), leaf('cbc:Name', 'Moms'));
    const shared = constant(scheme());
    const tree = (s: () => ReturnType<typeof scheme>) => el('Root', undefined, s(), el('A', undefined, s(), el('B', undefined, s())), s());
    const fresh = serialize(tree(scheme));
    expect(serialize(tree(() => shared))).to.equal(fresh);
    expect(serialize(tree(() => shared))).to.equal(fresh);
    expect(serializeCompact(tree(() => shared))).to.equal(serializeCompact(tree(scheme)));
  });

  it('keeps an element\'s children in order whether given as nodes, arrays or left out', () => {
    const a = leaf('a', '1');
    const b = leaf('b', '2');
    expect(serialize(el('r', undefined, a, b))).to.equal(serialize(el('r', undefined, [a], undefined, false, [[b]])));
    expect(el('r', undefined, a, undefined, b).children!.map((c) => c.name)).to.deep.equal(['a', 'b']);
  });
});
