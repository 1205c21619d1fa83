import { amount2, type Decimal } from '../../lib/money.js';
import { leaf, type XmlNode } from '../xml/writer.js';
import type { UblDialect } from './dialect.js';

/** A currency amount element (`cbc:TaxAmount currencyID="EUR"`), two decimals, half away from zero. */
export function amountEl(name: string, value: Decimal | undefined, currency: string): XmlNode | undefined {
  return value === undefined ? undefined : leaf(name, amount2(value), currencyAttrs(currency));
}

let lastCurrency: Readonly<Record<string, string>> = { currencyID: '' };

/**
 * `{ currencyID }` for an amount: the last one made while the currency stays the same, as a
 * document's amounts share theirs (nodes never change their attributes; issue 45: an object per
 * amount written).
 */
export function currencyAttrs(currency: string): Readonly<Record<string, string>> {
  if (lastCurrency.currencyID !== currency) lastCurrency = { currencyID: currency };
  return lastCurrency;
}

/** An identifier element with its optional `schemeID` (and the dialect's `schemeAgencyID` for that scheme). */
export function idEl(name: string, id: { id: string; scheme?: string | undefined } | undefined, dialect?: UblDialect): XmlNode | undefined {
  if (!id) return undefined;
  const agency = dialect?.schemeAgency?.(id.scheme);
  return leaf(name, id.id, agency ? { schemeAgencyID: agency, schemeID: id.scheme } : { schemeID: id.scheme });
}
