import type { MonetaryTotal } from '../en16931/model.js';
import { amountEl } from './amount.js';
import { el, type XmlNode } from '../xml/writer.js';

/** cac:LegalMonetaryTotal (BG-22) in MonetaryTotalType order. */
export function monetaryTotalEl(t: MonetaryTotal, currency: string): XmlNode {
  return el(
    'cac:LegalMonetaryTotal',
    undefined,
    amountEl('cbc:LineExtensionAmount', t.lineExtension, currency),
    amountEl('cbc:TaxExclusiveAmount', t.taxExclusive, currency),
    amountEl('cbc:TaxInclusiveAmount', t.taxInclusive, currency),
    amountEl('cbc:AllowanceTotalAmount', t.allowanceTotal, currency),
    amountEl('cbc:ChargeTotalAmount', t.chargeTotal, currency),
    amountEl('cbc:PrepaidAmount', t.prepaid, currency),
    amountEl('cbc:PayableAmount', t.payable, currency),
  );
}
