// Hungarian tax numbers (adószám) and how a party's identifiers become NAV's: the taxpayer id
// (törzsszám, 8 digits whose last is a check digit), the VAT code (1-5) and the county code (2
// digits), written as three parts; an EU VAT number as `communityVatNumber`; any other country's
// number as `thirdStateTaxId`.

export interface HuTaxNumber {
  taxpayerId: string;
  vatCode?: string | undefined;
  countyCode?: string | undefined;
}

/** VAT number prefixes of the EU member states (EL Greece, XI Northern Ireland for goods). */
export const EU_PREFIXES: ReadonlySet<string> = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI']);

/** The törzsszám's check digit: weights 9, 7, 3, 1 repeated over the first seven digits. */
export function isTaxpayerId(id: string): boolean {
  if (!/^[0-9]{8}$/.test(id)) return false;
  const weights = [9, 7, 3, 1, 9, 7, 3];
  const total = weights.reduce((acc, w, i) => acc + w * Number(id[i]), 0);
  return (10 - (total % 10)) % 10 === Number(id[7]);
}

/**
 * A Hungarian tax number as written on invoices: `12345678-2-41`, `12345678241`, the bare
 * törzsszám, or the EU VAT number `HU12345678`. Undefined when it is none of these or its check
 * digit is wrong.
 */
export function huTaxNumber(text: string): HuTaxNumber | undefined {
  const compact = text.replace(/\s/g, '').toUpperCase();
  const m = /^(?:HU)?([0-9]{8})(?:-?([1-5])-?([0-9]{2}))?$/.exec(compact);
  if (!m || !isTaxpayerId(m[1]!)) return undefined;
  return { taxpayerId: m[1]!, vatCode: m[2], countyCode: m[3] };
}

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

/** An EU VAT number as NAV writes it (`[A-Z]{2}[0-9A-Z]{2,13}`), or undefined when it is not one. */
export function euVatNumber(text: string): string | undefined {
  const compact = text.replace(/[\s.-]/g, '').toUpperCase();
  return EU_PREFIXES.has(compact.slice(0, 2)) && /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(compact) ? compact : undefined;
}
