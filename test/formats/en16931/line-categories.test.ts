import { expect } from 'chai';
import { mapLines } from '../../../src/formats/en16931/lines.js';
import type { SpiLine } from '../../../src/spi/document.js';
import { IssueList } from '../../../src/spi/issues.js';

// Lines whose raw VAT category says the same share the category resolved for the first of them
// (issue 45: the breakdown and the writers read a shared category once); a line that gives its
// own exemption reason, or whose category raised an issue, is resolved for itself.

const line = (id: string, category: Record<string, unknown>): SpiLine =>
  ({ id, description: `Item ${id}`, quantity: 1, unit_price: 10, amount: 10, classified_tax_category: [category] }) as unknown as SpiLine;

describe('en16931 lines: categories resolved once per raw category', () => {
  it('gives lines of one label and rate the same category object, and another rate another', () => {
    const issues = new IssueList('PEPPOL');
    const [a, b, c, d] = mapLines([line('1', { category: 'VAT', percentage: 19 }), line('2', { category: 'VAT', percentage: 7 }), line('3', { category: 'VAT', percentage: 19 }), line('4', { category: 'S', percentage: 19 })], issues, {});
    expect(issues.items).to.deep.equal([]);
    expect(a!.item.taxCategory).to.equal(c!.item.taxCategory);
    expect(a!.item.taxCategory).to.not.equal(b!.item.taxCategory);
    // A different label resolves for itself, to an equal category.
    expect(d!.item.taxCategory).to.not.equal(a!.item.taxCategory);
    expect(d!.item.taxCategory).to.deep.equal(a!.item.taxCategory);
  });

  it('resolves a line with its own exemption reason for itself, keeping its reason', () => {
    const issues = new IssueList('PEPPOL');
    const [a, b] = mapLines([line('1', { category: 'E', percentage: 0 }), line('2', { category: 'E', percentage: 0, exemption_reason: 'Article 132' })], issues, {});
    expect(b!.item.taxCategory).to.not.equal(a!.item.taxCategory);
    expect(b!.item.taxCategory.exemptionReason).to.equal('Article 132');
  });

  it('reports a wrong category on every line that has it, each at its own path', () => {
    const issues = new IssueList('PEPPOL');
    mapLines([line('1', { category: 'VAT', percentage: 0 }), line('2', { category: 'VAT', percentage: 0 })], issues, {});
    expect(issues.items.map((i) => [i.code, i.path])).to.deep.equal([
      ['PEPPOL-022', 'lines[0].classified_tax_category[0].category'],
      ['PEPPOL-022', 'lines[1].classified_tax_category[0].category'],
    ]);
  });
});
