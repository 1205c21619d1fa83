import { compactId } from '../identifier.js';

// The Polish tax identifier (NIP, Ministerstwo Finansów): ten digits, the last a check digit
// (weights 6 5 7 2 3 4 5 6 7, sum mod 11; 10 is never a valid check digit, so no NIP has it). A
// VAT number is the NIP with the prefix PL.

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

export function isNip(value: string): boolean {
  if (!/^[1-9][0-9]{9}$/.test(value)) return false;
  const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(value[i]), 0);
  return sum % 11 === Number(value[9]);
}

/** `PL 526-587-76-35`, `PL5265877635` or `5265877635` → `5265877635`; undefined when it is not written as a NIP at all. */
export function nipOf(vatId: string): string | undefined {
  const compact = compactId(vatId);
  const digits = compact.startsWith('PL') ? compact.slice(2) : compact;
  return /^[0-9]{10}$/.test(digits) ? digits : undefined;
}
