import type { TaxCategory, TaxSubtotal } from '../en16931/model.js';
import { plain } from '../../lib/money.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';
import { amountEl, dateEl } from './values.js';

// ram:ApplicableTradeTax / ram:CategoryTradeTax in TradeTaxType order: CalculatedAmount, TypeCode,
// ExemptionReason, BasisAmount, CategoryCode, ExemptionReasonCode, TaxPointDate, RateApplicablePercent.

/** A line's or an allowance's VAT category (BG-30, BT-95/96): no amounts, no reason. */
export function categoryTaxEl(name: 'ram:ApplicableTradeTax' | 'ram:CategoryTradeTax', c: TaxCategory): XmlNode {
  return el(name, undefined, leaf('ram:TypeCode', 'VAT'), leaf('ram:CategoryCode', c.id), leaf('ram:RateApplicablePercent', c.percent && plain(c.percent)));
}

/** One VAT breakdown (BG-23), with the VAT point date (BT-7) when the invoice has one. */
export function breakdownEl(s: TaxSubtotal, taxPointDate: string | undefined): XmlNode {
  const c = s.category;
  return el(
    'ram:ApplicableTradeTax',
    undefined,
    amountEl('ram:CalculatedAmount', s.tax),
    leaf('ram:TypeCode', 'VAT'),
    leaf('ram:ExemptionReason', c.exemptionReason),
    amountEl('ram:BasisAmount', s.taxable),
    leaf('ram:CategoryCode', c.id),
    leaf('ram:ExemptionReasonCode', c.exemptionReasonCode),
    dateEl('ram:TaxPointDate', taxPointDate),
    leaf('ram:RateApplicablePercent', c.percent && plain(c.percent)),
  );
}
