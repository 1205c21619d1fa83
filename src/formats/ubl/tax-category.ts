import { plain } from '../../lib/money.js';
import type { TaxCategory } from '../en16931/model.js';
import type { UblDialect } from './dialect.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';

/**
 * A VAT category aggregate: `cac:ClassifiedTaxCategory` on items, `cac:TaxCategory` on
 * allowances/charges and tax subtotals. Order: ID, Percent, TaxExemptionReasonCode,
 * TaxExemptionReason, TaxScheme.
 */
export function taxCategoryEl(name: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory', c: TaxCategory, withReason: boolean, dialect: UblDialect): XmlNode {
  return el(
    name,
    undefined,
    leaf('cbc:ID', c.id, dialect.taxCategoryAttrs?.(c.id)),
    c.percent === undefined ? undefined : leaf('cbc:Percent', plain(c.percent)),
    withReason ? leaf('cbc:TaxExemptionReasonCode', c.exemptionReasonCode) : undefined,
    withReason ? leaf('cbc:TaxExemptionReason', c.exemptionReason) : undefined,
    dialect.vatScheme,
  );
}
