import { plain } from '../../lib/money.js';
import type { TaxCategory } from '../en16931/model.js';
import type { UblDialect } from './dialect.js';
import { constant, el, leaf, type XmlNode } from '../xml/writer.js';

/**
 * A VAT category aggregate: `cac:ClassifiedTaxCategory` on items, `cac:TaxCategory` on
 * allowances/charges and tax subtotals. Order: ID, Percent, TaxExemptionReasonCode,
 * TaxExemptionReason, TaxScheme.
 */
export function taxCategoryEl(name: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory', c: TaxCategory, withReason: boolean, dialect: UblDialect): XmlNode {
  const written = dialect.taxCategoryEls;
  if (!written) return categoryEl(name, c, withReason, dialect);
  // The element of a category this document's dialect has made before, written once per depth (constant).
  let made = written.get(c);
  if (!made) written.set(c, (made = []));
  const slot = (name === 'cac:TaxCategory' ? 0 : 2) + (withReason ? 1 : 0);
  return (made[slot] ??= constant(categoryEl(name, c, withReason, dialect)));
}

function categoryEl(name: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory', c: TaxCategory, withReason: boolean, dialect: UblDialect): XmlNode {
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
