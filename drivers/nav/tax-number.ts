import { euVatNumber as euVatNumberParts } from '../../src/code-lists/eu-members.js';
import { huTaxNumber, type HuTaxNumber } from '../../src/code-lists/tax-ids/hungarian-tax-number.js';

// How a party's identifiers become NAV's: the Hungarian tax number (adószám, checked in
// src/code-lists/tax-ids/hungarian-tax-number.ts) written as three parts; an EU VAT number as
// `communityVatNumber`; any other country's number as `thirdStateTaxId`.

/**
 * The tax number NAV gets from a party's identifiers: the full adószám (with its VAT and county
 * codes) wins over the bare törzsszám an HU VAT number gives, whichever the party sends first.
 */
export function preferredTaxNumber(candidates: readonly string[]): HuTaxNumber | undefined {
  const parsed = candidates.map(huTaxNumber).filter((t): t is HuTaxNumber => !!t);
  return parsed.find((t) => t.vatCode) ?? parsed[0];
}

/** `HU12345678` from a taxpayer id: the community VAT number of a Hungarian taxpayer. */
export const communityVatNumberOf = (t: HuTaxNumber): string => `HU${t.taxpayerId}`;

/**
 * An EU VAT number as NAV writes it (`[A-Z]{2}[0-9A-Z]{2,13}`, the VIES prefix: EL for a Greek
 * number written GR, XI for Northern Ireland's), or undefined when it is not one.
 */
export function euVatNumber(text: string): string | undefined {
  const eu = euVatNumberParts(text);
  return eu && /^[0-9A-Z]{2,13}$/.test(eu.number) ? eu.prefix + eu.number : undefined;
}
