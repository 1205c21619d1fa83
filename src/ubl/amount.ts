import { amount2, type Decimal } from '../money.js';
import { leaf, type XmlNode } from '../xml/writer.js';

/** A currency amount element (`cbc:TaxAmount currencyID="EUR"`), two decimals, half away from zero. */
export function amountEl(name: string, value: Decimal | undefined, currency: string): XmlNode | undefined {
  return value === undefined ? undefined : leaf(name, amount2(value), { currencyID: currency });
}

/** An identifier element with its optional `schemeID`. */
export function idEl(name: string, id: { id: string; scheme?: string | undefined } | undefined): XmlNode | undefined {
  return id ? leaf(name, id.id, { schemeID: id.scheme }) : undefined;
}
