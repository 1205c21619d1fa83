// The Luhn check digit (ISO/IEC 7812-1): from the right, every second digit is doubled (a
// doubled digit above 9 counts as the sum of its digits) and the check digit makes the total a
// multiple of ten. France's SIREN and SIRET, Italy's partita IVA and the control digit of a
// Spanish entity's NIF are all Luhn numbers, each with its own length and exceptions.

/** The digit that makes `payload` followed by it a Luhn number. `payload` is digits only. */
export function luhnCheckDigit(payload: string): number {
  let total = 0;
  for (let i = 0; i < payload.length; i++) {
    // The check digit will be the rightmost, so the payload's rightmost digit is doubled.
    const d = Number(payload[payload.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    total += d > 9 ? d - 9 : d;
  }
  return (10 - (total % 10)) % 10;
}

/** Digits whose last is the Luhn check digit of the others. */
export function isLuhn(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}
