import type { Line } from '../en16931/model.js';
import { plain } from '../../lib/money.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';
import { allowanceChargeEl } from './allowance-charge.js';
import { categoryTaxEl } from './trade-tax.js';
import { amountEl } from './values.js';

/**
 * ram:IncludedSupplyChainTradeLineItem (BG-25) in SupplyChainTradeLineItemType order: the line
 * document (BT-126, BT-127), the product (BT-153..155), the net price (BT-146), the quantity
 * (BT-129/130), then the settlement: VAT category (BG-30), allowances (BG-27) and the line net
 * amount (BT-131).
 */
export function lineItemEl(line: Line): XmlNode {
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    undefined,
    el('ram:AssociatedDocumentLineDocument', undefined, leaf('ram:LineID', line.id), line.note ? el('ram:IncludedNote', undefined, leaf('ram:Content', line.note)) : undefined),
    el('ram:SpecifiedTradeProduct', undefined, leaf('ram:SellerAssignedID', line.item.sellersId), leaf('ram:Name', line.item.name), leaf('ram:Description', line.item.description)),
    el('ram:SpecifiedLineTradeAgreement', undefined, el('ram:NetPriceProductTradePrice', undefined, leaf('ram:ChargeAmount', plain(line.price)))),
    el('ram:SpecifiedLineTradeDelivery', undefined, leaf('ram:BilledQuantity', plain(line.quantity), { unitCode: line.unitCode })),
    el(
      'ram:SpecifiedLineTradeSettlement',
      undefined,
      categoryTaxEl('ram:ApplicableTradeTax', line.item.taxCategory),
      line.allowanceCharges.map(allowanceChargeEl),
      el('ram:SpecifiedTradeSettlementLineMonetarySummation', undefined, amountEl('ram:LineTotalAmount', line.lineExtension)),
    ),
  );
}
