import { compactId } from '../identifier.js';

// The Danish CVR number (Det Centrale Virksomhedsregister, Erhvervsstyrelsen): eight digits, the
// first not 0, under modulus 11 (weights 2 7 6 5 4 3 2 1, the weighted sum a multiple of 11). A
// Danish VAT number is DK and the CVR number.

const WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1];

export function isCvr(value: string): boolean {
  if (!/^[1-9][0-9]{7}$/.test(value)) return false;
  return WEIGHTS.reduce((s, w, i) => s + w * Number(value[i]), 0) % 11 === 0;
}

/** `DK 25 31 37 04`, `DK25313704` or `25313704` → `25313704`; undefined when it is not written as a CVR number at all. */
export function cvrOf(id: string): string | undefined {
  const digits = compactId(id).replace(/^DK/, '');
  return /^[0-9]{8}$/.test(digits) ? digits : undefined;
}
