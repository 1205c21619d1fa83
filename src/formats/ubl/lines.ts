import { plain } from '../../lib/money.js';
import type { Line } from '../en16931/model.js';
import { allowanceChargeEl } from './allowance-charge.js';
import { amountEl, currencyAttrs, idEl } from './amount.js';
import type { UblDialect } from './dialect.js';
import { taxCategoryEl } from './tax-category.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';

/**
 * cac:InvoiceLine / cac:CreditNoteLine. The two types differ in the quantity element's name and
 * in where a line's own TaxTotal goes (after the allowances on an invoice line, before them on a
 * credit note line); only a dialect that wants one (OIOUBL) writes it.
 */
export function lineEl(kind: 'Invoice' | 'CreditNote', line: Line, currency: string, dialect: UblDialect): XmlNode {
  const invoice = kind === 'Invoice';
  const tax = dialect.lineTaxTotal?.(line);
  const allowances = line.allowanceCharges.map((ac) => allowanceChargeEl(ac, currency, dialect));
  return el(
    invoice ? 'cac:InvoiceLine' : 'cac:CreditNoteLine',
    undefined,
    leaf('cbc:ID', line.id),
    leaf('cbc:Note', line.note),
    leaf(invoice ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity', plain(line.quantity), { unitCode: line.unitCode }),
    amountEl('cbc:LineExtensionAmount', line.lineExtension, currency),
    invoice ? [allowances, tax] : [tax, allowances],
    el(
      'cac:Item',
      undefined,
      leaf('cbc:Description', line.item.description),
      leaf('cbc:Name', line.item.name),
      line.item.sellersId ? el('cac:SellersItemIdentification', undefined, idEl('cbc:ID', { id: line.item.sellersId })) : undefined,
      taxCategoryEl('cac:ClassifiedTaxCategory', line.item.taxCategory, false, dialect),
    ),
    el('cac:Price', undefined, leaf('cbc:PriceAmount', plain(line.price), currencyAttrs(currency))),
  );
}
