import { expect } from 'chai';
import { parseLight } from '../../../src/formats/xml/light-tree.js';
import { parseWellFormed } from '../../../src/formats/xml/well-formed.js';
import { childrenNamed, elementsOf } from '../../../src/formats/xml/dom-children.js';

// The light tree the SBDH reader reads a header through (src/formats/xml/light-tree.ts) answers
// what the DOM does for what the readers ask: elements by namespace and local name whatever the
// prefix, text with its references decoded (CDATA as text), attributes, and refusals.

const XML =
  '<sh:Root xmlns:sh="urn:sbdh" xmlns="urn:default" a="1 &amp; 2">\n' +
  '  <sh:Child kind=\'x\'>A &lt; B &#x20AC;<!-- c --><![CDATA[<raw>]]></sh:Child>\n' +
  '  <Plain><Deep xmlns:p="urn:p"><p:Leaf p:attr="v"/></Deep></Plain>\n' +
  '  <sh:Child/>\n' +
  '</sh:Root>';

describe('the light tree (src/formats/xml/light-tree.ts)', () => {
  it('reads elements, namespaces, text and attributes as the DOM does', () => {
    const light = parseLight(XML);
    const dom = parseWellFormed(XML);
    if ('problem' in light || 'problem' in dom) return expect.fail('not parsed');
    const lightRoot = light as unknown as Element;
    const describe = (root: Element): unknown => {
      const walk = (e: Element): unknown => ({ ns: e.namespaceURI, local: e.localName, attrs: Array.from(e.attributes).map((a) => `${a.name}=${a.value}`), text: elementsOf(e).length === 0 ? e.textContent : undefined, children: elementsOf(e).map(walk) });
      return walk(root);
    };
    expect(describe(lightRoot)).to.deep.equal(describe(dom.root));
    expect(childrenNamed(lightRoot, 'urn:sbdh', 'Child').map((c) => c.textContent)).to.deep.equal(['A < B €<raw>', '']);
    expect(lightRoot.getAttribute('a')).to.equal('1 & 2');
  });

  it('refuses what is not well-formed, and a prefix not declared', () => {
    expect(parseLight('<a><b></a>')).to.have.property('problem');
    expect(parseLight('<p:a/>')).to.deep.equal({ problem: 'the prefix p of <p:a> is not declared' });
  });
});
