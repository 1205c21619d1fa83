import type { TaxSubtotal, TaxTotal } from '../en16931/model.js';
import type { Decimal } from '../../lib/money.js';
import { amountEl } from './amount.js';
import type { UblDialect } from './dialect.js';
import { taxCategoryEl } from './tax-category.js';
import { el, type XmlNode } from '../xml/writer.js';

/** cac:TaxTotal with one cac:TaxSubtotal per VAT category and rate (the VAT breakdown, BG-23). */
export function taxTotalEl(total: TaxTotal, currency: string, dialect: UblDialect): XmlNode {
  return taxTotalOf(total.tax, total.subtotals, currency, dialect);
}

/** A tax total from its amount and subtotals: the document's, or (OIOUBL) one line's. */
export function taxTotalOf(tax: Decimal, subtotals: readonly TaxSubtotal[], currency: string, dialect: UblDialect): XmlNode {
  return el(
    'cac:TaxTotal',
    undefined,
    amountEl('cbc:TaxAmount', tax, currency),
    subtotals.map((s) =>
      el(
        'cac:TaxSubtotal',
        undefined,
        amountEl('cbc:TaxableAmount', s.taxable, currency),
        amountEl('cbc:TaxAmount', s.tax, currency),
        taxCategoryEl('cac:TaxCategory', s.category, true, dialect),
      ),
    ),
  );
}
