import { compactId } from '../identifier.js';
import { isLuhn } from './luhn.js';

// Italian tax identifiers (Agenzia delle Entrate): the partita IVA (11 digits, the last a Luhn
// check digit) and the codice fiscale (a person's 16 characters with a check letter, or a
// company's 11 digits, which is its partita IVA form). The SDI refuses an invoice whose
// identifiers do not exist in the Anagrafe Tributaria (errors 00305, 00306); a wrong check
// character is caught here, before.

/** The 11 digits of an Italian VAT number (`IT` prefix, spaces optional), else undefined. */
export function partitaIvaOf(vat: string): string | undefined {
  const digits = compactId(vat).replace(/^IT/, '');
  return /^\d{11}$/.test(digits) ? digits : undefined;
}

/** Eleven digits, not all zeros, with a valid check digit. */
export function isPartitaIva(digits: string): boolean {
  return /^\d{11}$/.test(digits) && digits !== '00000000000' && isLuhn(digits);
}

/** The values of the characters in odd positions (1st, 3rd …); a digit counts as the letter of its rank (0 as A). */
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
/** Surname, name, year, month, day and sex, place, check letter; digits may be replaced by LMNPQRSTUV (omocodia). */
const PERSON = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** A person's codice fiscale (16 characters, check letter verified) or a company's (a partita IVA). */
export function isCodiceFiscale(text: string): boolean {
  const cf = text.toUpperCase();
  if (/^\d{11}$/.test(cf)) return isPartitaIva(cf);
  if (!PERSON.test(cf)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = cf.charCodeAt(i);
    const value = c <= 57 ? c - 48 : c - 65;
    sum += i % 2 === 0 ? ODD[value]! : value;
  }
  return String.fromCharCode(65 + (sum % 26)) === cf[15];
}
