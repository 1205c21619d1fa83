import type { TaxTotal } from '../en16931/model.js';
import { amountEl } from './amount.js';
import { taxCategoryEl } from './tax-category.js';
import { el, type XmlNode } from '../xml/writer.js';

/** cac:TaxTotal with one cac:TaxSubtotal per VAT category and rate (the VAT breakdown, BG-23). */
export function taxTotalEl(total: TaxTotal, currency: string): XmlNode {
  return el(
    'cac:TaxTotal',
    undefined,
    amountEl('cbc:TaxAmount', total.tax, currency),
    total.subtotals.map((s) =>
      el(
        'cac:TaxSubtotal',
        undefined,
        amountEl('cbc:TaxableAmount', s.taxable, currency),
        amountEl('cbc:TaxAmount', s.tax, currency),
        taxCategoryEl('cac:TaxCategory', s.category, true),
      ),
    ),
  );
}
