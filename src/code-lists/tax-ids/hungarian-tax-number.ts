// Hungarian tax numbers (adószám, NAV): the taxpayer id (törzsszám, 8 digits whose last is a
// check digit), the VAT code (1-5) and the county code (2 digits), written `12345678-2-41`; the
// EU VAT number of a Hungarian taxpayer is `HU` and the törzsszám.

export interface HuTaxNumber {
  taxpayerId: string;
  vatCode?: string | undefined;
  countyCode?: string | undefined;
}

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
