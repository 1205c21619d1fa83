import type { MonetaryTotal } from '../en16931/model.js';
import { el, type XmlNode } from '../xml/writer.js';
import { amountEl } from './values.js';

/** ram:SpecifiedTradeSettlementHeaderMonetarySummation (BG-22) in its type's order; only the tax total names its currency (BT-110). */
export function monetarySummationEl(t: MonetaryTotal, tax: MonetaryTotal['payable'], currency: string): XmlNode {
  return el(
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
    undefined,
    amountEl('ram:LineTotalAmount', t.lineExtension),
    amountEl('ram:ChargeTotalAmount', t.chargeTotal),
    amountEl('ram:AllowanceTotalAmount', t.allowanceTotal),
    amountEl('ram:TaxBasisTotalAmount', t.taxExclusive),
    amountEl('ram:TaxTotalAmount', tax, currency),
    amountEl('ram:GrandTotalAmount', t.taxInclusive),
    amountEl('ram:TotalPrepaidAmount', t.prepaid),
    amountEl('ram:DuePayableAmount', t.payable),
  );
}
