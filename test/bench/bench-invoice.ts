import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { dec, round, sum } from '../../src/lib/money.js';

/** The benchmark document: the spec's example invoice grown to ten lines (or `lineCount`) at two VAT rates. */
export function benchInvoice(id = 'BENCH-1', lineCount = 10): Record<string, any> {
  const doc = JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-invoice.json'), 'utf8')) as Record<string, any>;
  const lines = Array.from({ length: lineCount }, (_, i) => {
    const rate = i % 3 === 0 ? 7 : 19;
    return {
      id: String(i + 1),
      description: `Service item ${i + 1} — monthly usage & support`,
      quantity: i + 1,
      unit_price: 12.5,
      amount: 12.5 * (i + 1),
      item_code: `ITEM-${i + 1}`,
      classified_tax_category: [{ percentage: rate, category: 'VAT', country: 'DE' }],
    };
  });
  const net = (rate: number) => lines.filter((l) => l.classified_tax_category[0]!.percentage === rate).reduce((a, l) => a + l.amount, 0);
  const subs = [7, 19].map((rate) => ({ taxable_amount: net(rate), tax_amount: Math.round(net(rate) * rate) / 100, percentage: rate, country: 'DE', category: 'VAT' }));
  const taxable = subs.reduce((a, s) => a + s.taxable_amount, 0);
  const tax = Math.round(subs.reduce((a, s) => a + s.tax_amount, 0) * 100) / 100;
  return { ...doc, id, lines, tax_total: { tax_amount: tax, tax_sub_totals: subs }, taxable_amount: taxable, amount: taxable + tax, amount_due: taxable + tax };
}

/**
 * A driver's fixture grown to ten lines (or `lineCount`): its lines repeated in turn, numbered
 * anew, and its VAT breakdown and totals made again from them (half away from zero, to the
 * fixture's own decimals), so the driver's own checks pass on it as on the fixture.
 */
export function grownFixture(doc: Record<string, any>, lineCount = 10): Record<string, any> {
  const source = doc.lines as Record<string, any>[];
  const lines: Record<string, any>[] = Array.from({ length: lineCount }, (_, i) => ({ ...source[i % source.length]!, id: String(i + 1) }));
  const rateOf = (l: Record<string, any>) => l.classified_tax_category[0]!;
  const dp = Number.isInteger(doc.tax_total.tax_amount) && Number.isInteger(doc.amount) ? 0 : 2;
  const subs = (doc.tax_total.tax_sub_totals as Record<string, any>[]).map((s) => {
    const taxable = sum(lines.filter((l) => rateOf(l).percentage === s.percentage && rateOf(l).category === s.category).map((l) => dec(l.amount)));
    return { ...s, taxable_amount: Number(taxable), tax_amount: Number(round(taxable.times(s.percentage).div(100), dp)) };
  });
  const taxable = sum(subs.map((s) => dec(s.taxable_amount)));
  const tax = sum(subs.map((s) => dec(s.tax_amount)));
  const total = Number(taxable.plus(tax));
  return { ...doc, lines, tax_total: { ...doc.tax_total, tax_amount: Number(tax), tax_sub_totals: subs }, taxable_amount: Number(taxable), amount: total, amount_due: total };
}
