import { plain } from '../money.js';
import type { Line } from '../en16931/model.js';
import { allowanceChargeEl } from './allowance-charge.js';
import { amountEl } from './amount.js';
import { taxCategoryEl } from './tax-category.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';

/**
 * cac:InvoiceLine / cac:CreditNoteLine. The two types differ in the quantity element's name
 * and nothing else this builder writes (neither emits a line TaxTotal, whose position differs).
 */
export function lineEl(kind: 'Invoice' | 'CreditNote', line: Line, currency: string): XmlNode {
  const invoice = kind === 'Invoice';
  return el(
    invoice ? 'cac:InvoiceLine' : 'cac:CreditNoteLine',
    undefined,
    leaf('cbc:ID', line.id),
    leaf('cbc:Note', line.note),
    leaf(invoice ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity', plain(line.quantity), { unitCode: line.unitCode }),
    amountEl('cbc:LineExtensionAmount', line.lineExtension, currency),
    line.allowanceCharges.map((ac) => allowanceChargeEl(ac, currency)),
    el(
      'cac:Item',
      undefined,
      leaf('cbc:Description', line.item.description),
      leaf('cbc:Name', line.item.name),
      line.item.sellersId ? el('cac:SellersItemIdentification', undefined, leaf('cbc:ID', line.item.sellersId)) : undefined,
      taxCategoryEl('cac:ClassifiedTaxCategory', line.item.taxCategory, false),
    ),
    el('cac:Price', undefined, leaf('cbc:PriceAmount', plain(line.price), { currencyID: currency })),
  );
}
