// Italian tax identifiers: the partita IVA (11 digits, the last a Luhn-style check digit) and
// the codice fiscale (a person's 16 characters with a check letter, or a company's 11 digits,
// which is its partita IVA form). The SDI refuses an invoice whose identifiers do not exist in
// the Anagrafe Tributaria (errors 00305, 00306); a wrong check digit is caught here, before.

/** The 11 digits of an Italian VAT number (`IT` prefix, spaces optional), else undefined. */
export function partitaIvaOf(vat: string): string | undefined {
  const digits = vat.replace(/[\s.-]/g, '').toUpperCase().replace(/^IT/, '');
  return /^\d{11}$/.test(digits) ? digits : undefined;
}

export function isPartitaIva(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || digits === '00000000000') return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(digits[i]);
    // Odd positions (1st, 3rd …) count as they are; even ones doubled, minus 9 above 9.
    sum += i % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[10]);
}

const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const PERSON = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** A person's codice fiscale (16 characters, check letter verified) or a company's (a partita IVA). */
export function isCodiceFiscale(text: string): boolean {
  const cf = text.toUpperCase();
  if (/^\d{11}$/.test(cf)) return isPartitaIva(cf);
  if (!PERSON.test(cf)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = cf.charCodeAt(i);
    const value = c <= 57 ? c - 48 : c - 65; // a digit counts as the letter of the same rank (0 = A)
    sum += i % 2 === 0 ? ODD[value]! : value;
  }
  return String.fromCharCode(65 + (sum % 26)) === cf[15];
}
