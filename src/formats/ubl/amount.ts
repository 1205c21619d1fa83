import { amount2, type Decimal } from '../../lib/money.js';
import { leaf, type XmlNode } from '../xml/writer.js';
import type { UblDialect } from './dialect.js';

/** A currency amount element (`cbc:TaxAmount currencyID="EUR"`), two decimals, half away from zero. */
export function amountEl(name: string, value: Decimal | undefined, currency: string): XmlNode | undefined {
  return value === undefined ? undefined : leaf(name, amount2(value), { currencyID: currency });
}

/** An identifier element with its optional `schemeID` (and the dialect's `schemeAgencyID` for that scheme). */
export function idEl(name: string, id: { id: string; scheme?: string | undefined } | undefined, dialect?: UblDialect): XmlNode | undefined {
  if (!id) return undefined;
  const agency = dialect?.schemeAgency?.(id.scheme);
  return leaf(name, id.id, agency ? { schemeAgencyID: agency, schemeID: id.scheme } : { schemeID: id.scheme });
}
